import type { PlayerStatus } from '@casino/contracts/operator';
import { useTranslation } from 'react-i18next';

const tone: Record<PlayerStatus, string> = {
  active: 'chip chip-success',
  blocked: 'chip chip-danger',
  closed: 'chip',
};

export function StatusChip({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation();
  return <span className={tone[status]}>{t(`players.status.${status}`)}</span>;
}
