import type { WithdrawalRiskFlag } from '@casino/contracts/operator';
import { useTranslation } from 'react-i18next';

/** Flags that want a closer look are amber; four-eyes is a step, not a risk. */
export function RiskFlags({ flags }: { flags: readonly WithdrawalRiskFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return <span className="muted">{t('withdrawals.noFlags')}</span>;
  return (
    <ul className="actions" style={{ gap: 4 }}>
      {flags.map((flag) => (
        <li
          key={flag}
          className={flag === 'four_eyes' ? 'chip chip-accent' : 'chip chip-warning'}
          title={t(`withdrawals.flagHints.${flag}`)}
        >
          {t(`withdrawals.flags.${flag}`)}
        </li>
      ))}
    </ul>
  );
}
