import { paymentsErrorCodes } from '@casino/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-client';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import styles from './bonus-forfeit.module.css';

/** What a withdrawal now would forfeit, as the server's 409 WITHDRAWAL_BONUS_ACTIVE says. */
interface Forfeit {
  bonusId: string;
  bonus: string;
  winnings: string;
  total: string;
}

function forfeitOf(error: unknown): Forfeit | undefined {
  if (!isApiError(error) || error.code !== paymentsErrorCodes.WITHDRAWAL_BONUS_ACTIVE) {
    return undefined;
  }
  const field = (path: string) => error.fields.find((f) => f.path === path)?.message;
  const [bonusId, bonus, winnings, total] = ['bonus_id', 'bonus', 'winnings', 'total'].map(field);
  if (!bonusId || !bonus || !winnings || !total) return undefined;
  return { bonusId, bonus, winnings, total };
}

/**
 * A withdrawal while a bonus is active (decision 062): the first submission comes back with
 * what it would forfeit; the form then shows the amounts and a box to tick, and only a ticked
 * box sends the confirmation (the bonus id and the total shown). New amounts (a win in the
 * meantime) come back the same way and untick the box.
 */
export function useBonusForfeit(testId: string) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [shown, setShown] = useState<Forfeit | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const money = (amount: string) => formatMoney(amount, language);
  const confirmed = shown !== null && agreed;

  return {
    /** Part of the submission's signature: a confirmation is another attempt. */
    signature: confirmed ? `${shown.bonusId}:${shown.total}` : '',
    body: confirmed ? { forfeit_bonus: { bonus_id: shown.bonusId, total: shown.total } } : {},
    /** The warning is shown but not yet confirmed: nothing should be sent. */
    blocked(): boolean {
      if (shown === null || agreed) return false;
      setMissing(true);
      document.getElementById(`${id}-agree`)?.focus();
      return true;
    },
    /** True when the server asked for the confirmation (the warning is shown instead of a toast). */
    refused(error: unknown): boolean {
      const forfeit = forfeitOf(error);
      if (!forfeit) return false;
      setShown(forfeit);
      setAgreed(false);
      setMissing(false);
      return true;
    },
    clear() {
      setShown(null);
      setAgreed(false);
      setMissing(false);
    },
    submitLabel: shown ? t('cashier.withdraw.forfeitSubmit') : t('cashier.withdraw.submit'),
    panel: shown ? (
      <div
        className={styles.panel}
        role="alert"
        aria-labelledby={`${id}-title`}
        data-testid={`${testId}-forfeit`}
      >
        <p id={`${id}-title`} className={styles.title}>
          {t('cashier.withdraw.forfeitTitle')}
        </p>
        <p data-testid={`${testId}-forfeit-text`}>
          {t('cashier.withdraw.forfeitText', {
            bonus: money(shown.bonus),
            winnings: money(shown.winnings),
            total: money(shown.total),
          })}
        </p>
        <label className={styles.agree}>
          <input
            id={`${id}-agree`}
            type="checkbox"
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.target.checked);
              setMissing(false);
            }}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${id}-missing` : undefined}
            data-testid={`${testId}-forfeit-agree`}
          />
          <span>{t('cashier.withdraw.forfeitAgree', { total: money(shown.total) })}</span>
        </label>
        {missing && (
          <p id={`${id}-missing`} className={styles.missing}>
            {t('cashier.withdraw.forfeitRequired')}
          </p>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setShown(null);
            setAgreed(false);
            setMissing(false);
          }}
          data-testid={`${testId}-keep-bonus`}
        >
          {t('cashier.withdraw.keepBonus')}
        </Button>
      </div>
    ) : null,
  };
}
