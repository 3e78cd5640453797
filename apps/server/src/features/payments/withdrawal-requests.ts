import { randomUUID } from 'node:crypto';
import {
  paymentsErrorCodes,
  type BonusForfeitConfirmation,
  type CardWithdrawalRequest,
  type CryptoWithdrawalRequest,
} from '@casino/contracts';
import { AppError } from '../../lib/errors';
import type { ForfeitConfirmation } from '../bonus';
import { fromDecimalString } from '../wallet';
import { BonusActive, InsufficientFunds } from '../wallet';
import {
  amountWithin,
  cashierActor,
  cashierCurrency,
  cashierMovement,
  dollars,
  fieldError,
  requireCard,
  requireCrypto,
  sameSubmission,
} from './cashier-rules';
import type { NewPayment, PaymentRow } from './payments-repository';
import type { PaymentsServiceDeps, Submitted } from './payments-service';

/**
 * Withdrawal requests, card and crypto. The money leaves the balance when the withdrawal is requested (one
 * ledger posting, refused inside its own statement when the balance is short, so parallel
 * requests can never overdraw) and comes back through one withdrawal reversal if the player
 * cancels it, the operator rejects it, or the payout fails.
 */
export const requestCardWithdrawal = withdrawalRequest<CardWithdrawalRequest>(
  (deps, userId, body) => ({
    request: { payment_method: body.payment_method },
    method: 'card',
    provider: requireCard(deps).slug,
    async destination() {
      const saved = (await deps.repo.savedCards(userId)).find(
        (c) => c.cardToken === body.payment_method,
      );
      if (!saved) {
        throw fieldError('payment_method', 'Withdrawals go to a card you have deposited with.');
      }
      return { cardToken: saved.cardToken, cardBrand: saved.cardBrand, cardLast4: saved.cardLast4 };
    },
  }),
);

/** To an address of the network; the address's shape was checked by the contract. */
export const requestCryptoWithdrawal = withdrawalRequest<CryptoWithdrawalRequest>(
  (deps, _userId, body) => ({
    request: { net: body.net, address: body.address },
    method: 'crypto',
    provider: requireCrypto(deps).slug,
    destination: () => Promise.resolve({ network: body.net, payAddress: body.address }),
  }),
);

/** What every kind of withdrawal request carries besides where the money goes. */
type WithdrawalBody = Pick<CardWithdrawalRequest, 'amount' | 'idempotency_key' | 'forfeit_bonus'>;

/**
 * A kind of withdrawal request: the amount, key, bonus forfeit and second factor are read the
 * same for every kind; `kindOf` says where the money goes (and refuses a method switched off,
 * before anything else is read).
 */
function withdrawalRequest<B extends WithdrawalBody>(
  kindOf: (deps: PaymentsServiceDeps, userId: string, body: B) => WithdrawalKind,
) {
  return (
    deps: PaymentsServiceDeps,
    userId: string,
    body: B,
    secondFactor?: SecondFactor,
  ): Promise<Submitted> => {
    const kind = kindOf(deps, userId, body);
    return requestWithdrawal(deps, userId, {
      ...(secondFactor ? { secondFactor } : {}),
      amountText: body.amount,
      idempotencyKey: body.idempotency_key,
      forfeitBonus: forfeitOf(body.forfeit_bonus),
      ...kind,
    });
  };
}

/**
 * The two-factor gate (docs/decisions/051): throws 403 TWO_FACTOR_REQUIRED / 400
 * TWO_FACTOR_INVALID while the player has it on. Asked only for a new idempotency key: a
 * retry of a request already made is answered as before without a second code.
 */
export type SecondFactor = () => Promise<void>;

/** The player's confirmation that this withdrawal may forfeit the active bonus, in thousandths. */
function forfeitOf(
  confirmation: BonusForfeitConfirmation | undefined,
): ForfeitConfirmation | undefined {
  if (confirmation === undefined) return undefined;
  return {
    bonusId: confirmation.bonus_id,
    total: fromDecimalString(confirmation.total, { scale: 3 }),
  };
}

interface WithdrawalSubmission extends WithdrawalKind {
  secondFactor?: SecondFactor;
  amountText: string;
  idempotencyKey: string;
  /** Confirmed by the player after the warning with the amounts (decision 062). */
  forfeitBonus: ForfeitConfirmation | undefined;
}

interface WithdrawalKind {
  /** Besides the amount: what a repeat of the key must match. */
  request: Record<string, string>;
  method: PaymentRow['method'];
  provider: string;
  /** Where the money goes, checked only for a new key. */
  destination: () => Promise<Partial<NewPayment>>;
}

async function requestWithdrawal(
  deps: PaymentsServiceDeps,
  userId: string,
  submission: WithdrawalSubmission,
): Promise<Submitted> {
  const amount = amountWithin(submission.amountText, deps.config.limits.withdrawal, 'withdrawal');
  const request = { amount: amount.toString(), ...submission.request };

  let payment = await deps.repo.byKey(userId, submission.idempotencyKey);
  let created = false;
  if (!payment) {
    // The first withdrawal, and any above KYC_WITHDRAWAL_THRESHOLD, need a verified identity.
    // Asked before the second factor, so a refused request does not use up a one-time code.
    await deps.identity.assertMayWithdraw(userId, amount);
    await submission.secondFactor?.();
    const destination = await submission.destination();
    const now = deps.clock.now();
    payment = await deps.repo.insert({
      ...destination,
      id: randomUUID(),
      userId,
      direction: 'withdrawal',
      method: submission.method,
      provider: submission.provider,
      status: 'requested',
      amount,
      currency: cashierCurrency,
      idempotencyKey: submission.idempotencyKey,
      request,
      createdAt: now,
      updatedAt: now,
    });
    created = payment !== undefined;
    payment ??= await deps.repo.byKey(userId, submission.idempotencyKey);
    if (!payment) {
      // The concurrent twin was refused (over the balance) and dropped: judge this one anew.
      // Its code was already accepted (and is used up): not asked again.
      const { secondFactor: _asked, ...again } = submission;
      return requestWithdrawal(deps, userId, again);
    }
  }
  sameSubmission(payment, 'withdrawal', request);
  if (payment.status !== 'requested') return { payment, created };

  // Written but not yet debited (this request, its twin, or one that stopped half-way).
  const movement = cashierMovement('withdrawal', payment);
  let posted;
  try {
    try {
      posted = await deps.ledger.postOperatorMovement(movement);
    } catch (error) {
      if (!(error instanceof BonusActive)) throw error;
      // The player's own cash may always leave (decision 062): with their confirmation of the
      // amounts, the bonus and its winnings are forfeited and the cash debited together;
      // without it, 409 WITHDRAWAL_BONUS_ACTIVE carries the amounts for the warning.
      const { kind: _kind, userId: _user, ...withdrawal } = movement;
      posted = await deps.bonus.withdrawForfeiting(userId, submission.forfeitBonus, (tx) =>
        tx.postWithdrawal(withdrawal),
      );
    }
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      await deps.repo.dropRequested(payment.id);
      throw overBalance(error.balance);
    }
    if (error instanceof AppError && error.code === paymentsErrorCodes.WITHDRAWAL_BONUS_ACTIVE) {
      await deps.repo.dropRequested(payment.id);
    }
    throw error;
  }
  await markDebited(deps, payment.id, posted.transactionId);
  const current = await deps.repo.byId(payment.id);
  if (!current) {
    // A twin with the same key was refused a moment earlier (the balance was short then) and
    // dropped the row; this posting applied after money arrived. No row holds it, so it goes
    // back at once and this request is answered as its twin was.
    await deps.ledger.postWithdrawalReversal({
      userId: payment.userId,
      withdrawalKey: payment.id,
      reason: 'request dropped by a refused twin',
      actor: cashierActor,
    });
    throw overBalance(posted.balanceAfter + payment.amount);
  }
  return { payment: current, created };
}

/** A requested withdrawal whose debit is posted: pending, linked to its ledger row. */
export async function markDebited(
  deps: PaymentsServiceDeps,
  paymentId: string,
  transactionId: string,
) {
  await deps.repo.advance(
    paymentId,
    ['requested'],
    'pending',
    { ledgerEntryId: BigInt(transactionId) },
    deps.clock.now(),
  );
}

function overBalance(balance: bigint): AppError {
  return new AppError(
    409,
    paymentsErrorCodes.INSUFFICIENT_FUNDS,
    `The balance is $${dollars(balance)}: this withdrawal is more than that.`,
    [{ path: 'amount', message: `The most you can withdraw is $${dollars(balance)}.` }],
  );
}
