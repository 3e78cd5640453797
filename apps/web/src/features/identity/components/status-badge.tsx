import type { IdentityStatus } from '@casino/contracts';
import { BadgeCheck, Clock, ShieldQuestion, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './identity.module.css';

const icons = {
  not_started: ShieldQuestion,
  pending: Clock,
  verified: BadgeCheck,
  rejected: ShieldX,
} as const;

/** The check's status as a coloured label with an icon (never colour alone). */
export function StatusBadge({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation();
  const Icon = icons[status];
  return (
    <span className={styles.badge} data-status={status} data-testid="identity-status">
      <Icon size={14} aria-hidden="true" />
      {t(`identity.status.${status}`)}
    </span>
  );
}
