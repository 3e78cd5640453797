import { useLanguage } from '../../../shared/i18n/i18n';
import { cx } from '../../../shared/lib/class-names';
import { formatMoney } from '../../../shared/lib/format';
import styles from './changing-balance.module.css';
import { useChangeFlash } from './use-change-flash';

/**
 * The player's balance as the shell shows it ($, the language's number format), pulsing once
 * when it changes: green up, neutral down (`data-change` says which, for tests).
 */
export function ChangingBalance({ balance, testId }: { balance: string; testId: string }) {
  const language = useLanguage();
  const flash = useChangeFlash(balance);
  return (
    <span
      key={flash.key}
      className={cx(
        flash.direction && styles.flash,
        flash.direction === 'down' && styles.flashDown,
      )}
      data-testid={testId}
      data-change={flash.direction ?? undefined}
    >
      {formatMoney(balance, language)}
    </span>
  );
}
