import type { Payment } from '@casino/contracts';
import { useSecondFactorField } from '../../auth';
import { useSubmitPayment, type Submission } from '../api/payments';
import { useBonusForfeit } from './bonus-forfeit';
import { CashierSubmit, useRefusal } from './form-parts';
import { useIdempotentSubmit } from './use-idempotent-submit';

type WithdrawalSubmission = Extract<Submission, { kind: 'card-withdrawal' | 'crypto-withdrawal' }>;

/** What a withdrawal form adds to its own fields in the body: the key, the code, the forfeit. */
interface Extras {
  idempotency_key: string;
  twoFactorCode?: string;
  forfeit_bonus?: { bonus_id: string; total: string };
}

/**
 * What both withdrawal forms (card and crypto) do alike: the second-factor code when it is on,
 * the bonus forfeit's warning and confirmation (decision 062), one submission at a time with
 * its idempotency key, and the refusals (a code, a forfeit, an amount, or a toast).
 * `testId` is the form's prefix (`withdraw-card`): its parts are `<testId>-two-factor`,
 * `<testId>-forfeit` and `<testId>-submit`.
 */
export function useWithdrawal(testId: 'withdraw-card' | 'withdraw-crypto') {
  const submit = useSubmitPayment();
  const { busy, run } = useIdempotentSubmit();
  const secondFactor = useSecondFactorField(`${testId}-two-factor`);
  const forfeit = useBonusForfeit(testId);
  const refusal = useRefusal();

  /**
   * Sends the withdrawal (the same `signature` again after no answer: the same key); answers
   * the payment made, or undefined when none was (the refusal is already shown).
   */
  const send = async (
    signature: string,
    submission: (extras: Extras) => WithdrawalSubmission,
    onAmount: (message: string) => void,
  ): Promise<Payment | undefined> => {
    if (forfeit.blocked()) return undefined;
    const result = await run(`${signature}|${secondFactor.signature}|${forfeit.signature}`, (key) =>
      submit.mutateAsync(
        submission({ idempotency_key: key, ...secondFactor.body, ...forfeit.body }),
      ),
    );
    if (!result) return undefined;
    if (result.ok) {
      secondFactor.clear();
      forfeit.clear();
      return result.value;
    }
    console.warn(
      `${testId === 'withdraw-card' ? 'Card' : 'Crypto'} withdrawal was not made`,
      result.error,
    );
    if (secondFactor.refused(result.error) || forfeit.refused(result.error)) return undefined;
    refusal(result.error, onAmount);
    return undefined;
  };

  /** The end of the form: the code field, the forfeit's panel and the submit button. */
  const footer = (
    <>
      {secondFactor.field}
      {forfeit.panel}
      <CashierSubmit busy={busy} testId={`${testId}-submit`}>
        {forfeit.submitLabel}
      </CashierSubmit>
    </>
  );

  return { send, footer };
}
