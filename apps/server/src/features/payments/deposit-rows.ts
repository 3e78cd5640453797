import { randomUUID } from 'node:crypto';
import { cashierCurrency, sameSubmission } from './cashier-rules';
import type { NewPayment } from './payments-repository';
import type { PaymentsServiceDeps, Submitted } from './payments-service';

/** What only one method's deposit row holds (card: its token and summary; crypto: network). */
export type DepositFields = Pick<NewPayment, 'method' | 'provider'> &
  Partial<Pick<NewPayment, 'cardToken' | 'cardBrand' | 'cardLast4' | 'network'>>;

export interface DepositSubmission {
  idempotencyKey: string;
  /** Thousandths, already inside the configured limits. */
  amount: bigint;
  /** What a repeat of the key must match. */
  request: Record<string, string>;
  /** The method's own fields, asked only for a new key (a card's summary from the service). */
  fields: () => Promise<DepositFields>;
}

/**
 * The one insert-or-load of a deposit's payment row, card and crypto alike. A repeat of the
 * key is answered with its row (the same submission, or 409 IDEMPOTENCY_CONFLICT). A new key
 * is refused early by a responsible-gaming block or deposit limit, before the payment
 * service is asked anything; then the limit check and the insert are one transaction under
 * the player's row lock (decision 082), so deposits sent at once never pass a limit together,
 * and a twin of the same key that committed meanwhile is answered, not judged again.
 */
export async function insertOrLoadDeposit(
  deps: PaymentsServiceDeps,
  userId: string,
  submission: DepositSubmission,
): Promise<Submitted> {
  const { idempotencyKey, amount, request } = submission;
  const known = await deps.repo.byKey(userId, idempotencyKey);
  if (known) {
    sameSubmission(known, 'deposit', request);
    return { payment: known, created: false };
  }
  // A new deposit only: a repeat of one already counted is not refused for itself. A twin of
  // the key sent at the same moment may commit between the read above and this check, and
  // then counts against the limit as if it were another deposit: it is answered, not refused.
  try {
    await deps.responsibleGaming.assertMayDeposit(userId, amount);
  } catch (refusal) {
    const twin = await deps.repo.byKey(userId, idempotencyKey);
    if (!twin) throw refusal;
    sameSubmission(twin, 'deposit', request);
    return { payment: twin, created: false };
  }
  const fields = await submission.fields();
  const submitted = await deps.responsibleGaming.admitDeposit(userId, amount, {
    async existing(tx) {
      const twin = await deps.repo.byKey(userId, idempotencyKey, tx);
      return twin && { payment: twin, created: false };
    },
    async insert(tx) {
      const now = deps.clock.now();
      const row: NewPayment = {
        ...fields,
        id: randomUUID(),
        userId,
        direction: 'deposit',
        status: 'pending',
        amount,
        currency: cashierCurrency,
        idempotencyKey,
        request,
        createdAt: now,
        updatedAt: now,
      };
      const inserted = await deps.repo.insert(row, tx);
      if (inserted) return { payment: inserted, created: true };
      // Undefined: a withdrawal took the same key a moment ago (it takes no deposit lock).
      const taken = await deps.repo.byKey(userId, idempotencyKey, tx);
      if (!taken) throw new Error('a payment vanished right after its key was taken');
      return { payment: taken, created: false };
    },
  });
  sameSubmission(submitted.payment, 'deposit', request);
  return submitted;
}
