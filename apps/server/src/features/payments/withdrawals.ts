import { randomUUID } from 'node:crypto';
import {
  paymentsErrorCodes,
  type BonusForfeitConfirmation,
  type CardWithdrawalRequest,
  type CryptoNetwork,
  type CryptoWithdrawalRequest,
} from '@casino/contracts';
import type { InTransaction } from '../../db/in-transaction';
import { AppError } from '../../lib/errors';
import type { ForfeitConfirmation } from '../bonus';
import { fromDecimalString } from '../wallet';
import { BonusActive, InsufficientFunds } from '../wallet';
import {
  PaymentProviderRefused,
  PaymentProviderUnavailable,
  type PaymentFailure,
  type PayoutOutcome,
  type PayoutState,
} from './card/card-provider';
import {
  amountWithin,
  cashierActor,
  cashierCurrency,
  cashierMovement,
  dollars,
  fieldError,
  notFound,
  providerUnavailable,
  requireCard,
  requireCrypto,
  sameSubmission,
  type CashierDeps,
} from './cashier-deps';
import { givenBackStatuses, type NewPayment, type PaymentRow } from './payments-repository';

/**
 * Card withdrawals. The money leaves the balance when the withdrawal is requested (one
 * ledger posting, refused inside its own statement when the balance is short, so parallel
 * requests can never overdraw) and comes back through one withdrawal reversal if the player
 * cancels it, the operator rejects it, or the payout fails.
 */
export async function requestCardWithdrawal(
  deps: CashierDeps,
  userId: string,
  body: CardWithdrawalRequest,
  secondFactor?: SecondFactor,
): Promise<{ payment: PaymentRow; created: boolean }> {
  const card = requireCard(deps);
  return requestWithdrawal(deps, userId, {
    ...(secondFactor ? { secondFactor } : {}),
    amountText: body.amount,
    idempotencyKey: body.idempotency_key,
    forfeitBonus: forfeitOf(body.forfeit_bonus),
    request: { payment_method: body.payment_method },
    method: 'card',
    provider: card.slug,
    async destination() {
      const saved = (await deps.repo.savedCards(userId)).find(
        (c) => c.cardToken === body.payment_method,
      );
      if (!saved) {
        throw fieldError('payment_method', 'Withdrawals go to a card you have deposited with.');
      }
      return { cardToken: saved.cardToken, cardBrand: saved.cardBrand, cardLast4: saved.cardLast4 };
    },
  });
}

/** To an address of the network; the address's shape was checked by the contract. */
export async function requestCryptoWithdrawal(
  deps: CashierDeps,
  userId: string,
  body: CryptoWithdrawalRequest,
  secondFactor?: SecondFactor,
): Promise<{ payment: PaymentRow; created: boolean }> {
  const crypto = requireCrypto(deps);
  return requestWithdrawal(deps, userId, {
    ...(secondFactor ? { secondFactor } : {}),
    amountText: body.amount,
    idempotencyKey: body.idempotency_key,
    forfeitBonus: forfeitOf(body.forfeit_bonus),
    request: { net: body.net, address: body.address },
    method: 'crypto',
    provider: crypto.slug,
    destination: () => Promise.resolve({ network: body.net, payAddress: body.address }),
  });
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

interface WithdrawalSubmission {
  secondFactor?: SecondFactor;
  amountText: string;
  idempotencyKey: string;
  /** Confirmed by the player after the warning with the amounts (decision 062). */
  forfeitBonus: ForfeitConfirmation | undefined;
  /** Besides the amount: what a repeat of the key must match. */
  request: Record<string, string>;
  method: PaymentRow['method'];
  provider: string;
  /** Where the money goes, checked only for a new key. */
  destination: () => Promise<Partial<NewPayment>>;
}

async function requestWithdrawal(
  deps: CashierDeps,
  userId: string,
  submission: WithdrawalSubmission,
): Promise<{ payment: PaymentRow; created: boolean }> {
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
async function markDebited(deps: CashierDeps, paymentId: string, transactionId: string) {
  await deps.repo.advance(
    paymentId,
    ['requested'],
    'pending',
    { ledgerEntryId: BigInt(transactionId) },
    deps.clock.now(),
  );
}

/**
 * A withdrawal a stopped process left half-way, put right (reconciliation.ts; only rows
 * untouched for a while, so no request is still working on them):
 * - "requested" and debited (its posting exists): pending, as its request would have made it;
 *   "requested" and not debited: dropped, as if never submitted (no money moved, and its
 *   player was never told it was taken; a repeat of the key submits it anew);
 * - canceled, rejected or failed without its reversal: the money back, once.
 */
export async function reconcileWithdrawal(
  deps: CashierDeps,
  payment: PaymentRow,
): Promise<'settled' | 'unchanged'> {
  if (payment.direction !== 'withdrawal') return 'unchanged';
  if (payment.status === 'requested') {
    const posted = await deps.ledger.replayOfOperatorMovement(
      cashierMovement('withdrawal', payment),
    );
    if (posted) {
      await markDebited(deps, payment.id, posted.transactionId);
    } else {
      await deps.repo.dropRequested(payment.id);
    }
    return 'settled';
  }
  if (givenBackStatuses.includes(payment.status) && payment.reversalEntryId === null) {
    await giveBack(deps, payment, `${payment.status} (reconciled)`);
    return 'settled';
  }
  return 'unchanged';
}

function overBalance(balance: bigint): AppError {
  return new AppError(
    409,
    paymentsErrorCodes.INSUFFICIENT_FUNDS,
    `The balance is $${dollars(balance)}: this withdrawal is more than that.`,
    [{ path: 'amount', message: `The most you can withdraw is $${dollars(balance)}.` }],
  );
}

/** Posts the reversal (a replay when it exists) and records it on the payment. */
async function giveBack(deps: CashierDeps, payment: PaymentRow, reason: string) {
  const posted = await deps.ledger.postWithdrawalReversal({
    userId: payment.userId,
    withdrawalKey: payment.id,
    reason,
    actor: cashierActor,
  });
  if (payment.reversalEntryId === null) {
    await deps.repo.patch(
      payment.id,
      { reversalEntryId: BigInt(posted.transactionId) },
      deps.clock.now(),
    );
  }
  if (posted.outcome === 'applied') {
    deps.logger.info({ paymentId: payment.id, reason }, 'withdrawal given back');
  }
}

/**
 * Ends a pending withdrawal with the money back: the player's cancel or the operator's
 * reject. Asking again for the same end is answered as done (and makes sure the money is
 * back); any other state is PAYMENT_NOT_PENDING.
 */
async function endPending(
  deps: CashierDeps,
  payment: PaymentRow,
  to: 'canceled' | 'rejected',
  reason: string,
  audit?: InTransaction<PaymentRow>,
): Promise<PaymentRow> {
  if (payment.direction !== 'withdrawal') throw notPending(payment);
  const now = deps.clock.now();
  const moved = await deps.repo.advance(payment.id, ['pending'], to, {}, now, audit);
  const current = moved ?? (await deps.repo.byId(payment.id)) ?? payment;
  if (current.status !== to) throw notPending(current);
  await giveBack(deps, current, reason);
  return (await deps.repo.byId(payment.id)) ?? current;
}

function notPending(payment: PaymentRow): AppError {
  return new AppError(
    409,
    paymentsErrorCodes.PAYMENT_NOT_PENDING,
    `This payment is ${payment.status}: only a pending withdrawal can be cancelled, approved or rejected.`,
  );
}

export async function cancelWithdrawal(
  deps: CashierDeps,
  userId: string,
  paymentId: string,
): Promise<PaymentRow> {
  const payment = await deps.repo.own(userId, paymentId);
  if (!payment) throw notFound();
  return endPending(deps, payment, 'canceled', 'canceled by the player');
}

export async function rejectWithdrawal(
  deps: CashierDeps,
  paymentId: string,
  reason: string | undefined,
  audit?: InTransaction<PaymentRow>,
): Promise<PaymentRow> {
  const payment = await deps.repo.byId(paymentId);
  if (!payment) throw notFound();
  return endPending(deps, payment, 'rejected', reason ?? 'rejected by the operator', audit);
}

/**
 * The operator's approval: pending → processing, then the payout at the service (keyed by
 * the payment id, so approving again after a timeout does not pay twice). The payout's end
 * arrives by webhook, or at once when the service already knows it.
 */
export async function approveWithdrawal(
  deps: CashierDeps,
  paymentId: string,
  /** The staff feature's audit row, in the transaction of pending → processing. */
  audit?: InTransaction<PaymentRow>,
): Promise<PaymentRow> {
  const payment = await deps.repo.byId(paymentId);
  if (!payment) throw notFound();
  if (payment.direction !== 'withdrawal') throw notPending(payment);
  const send = payoutOf(deps, payment);
  const moved = await deps.repo.advance(
    payment.id,
    ['pending'],
    'processing',
    {},
    deps.clock.now(),
    audit,
  );
  const current = moved ?? (await deps.repo.byId(payment.id)) ?? payment;
  // Processing without the service's id: an approval whose payout call got no answer.
  if (current.status !== 'processing' || (moved === undefined && current.providerRef !== null)) {
    if (current.status === 'processing' || current.status === 'paid') return current;
    throw notPending(current);
  }
  let outcome: PayoutOutcome & { payAmount?: string; payCurrency?: string };
  try {
    outcome = await send(current);
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable) throw providerUnavailable();
    if (error instanceof PaymentProviderRefused) {
      await settlePayout(deps, current, 'failed', {
        code: 'payout_failed',
        message: 'The payment service refused the payout.',
      });
      return (await deps.repo.byId(current.id)) ?? current;
    }
    throw error;
  }
  await deps.repo.patch(
    current.id,
    {
      providerRef: outcome.providerRef,
      ...(outcome.payAmount !== undefined ? { payAmount: outcome.payAmount } : {}),
      ...(outcome.payCurrency !== undefined ? { payCurrency: outcome.payCurrency } : {}),
    },
    deps.clock.now(),
  );
  await settlePayout(deps, current, outcome.state, outcome.failure);
  return (await deps.repo.byId(current.id)) ?? current;
}

/** The payout call of the payment's method, keyed by the payment id at the service. */
function payoutOf(deps: CashierDeps, payment: PaymentRow) {
  if (payment.method === 'crypto') {
    const crypto = requireCrypto(deps);
    return (p: PaymentRow) =>
      crypto.payout({
        paymentId: p.id,
        amount: p.amount,
        network: (p.network ?? 'ETH') as CryptoNetwork,
        address: p.payAddress ?? '',
      });
  }
  const card = requireCard(deps);
  return (p: PaymentRow) =>
    card.payout({
      paymentId: p.id,
      amount: p.amount,
      currency: p.currency,
      token: p.cardToken ?? '',
    });
}

/** The payout's end as the service reports it; the first final report wins. */
export async function settlePayout(
  deps: CashierDeps,
  payment: PaymentRow,
  state: PayoutState,
  failure: PaymentFailure | undefined,
): Promise<void> {
  const now = deps.clock.now();
  if (state === 'paid') {
    await deps.repo.advance(payment.id, ['processing'], 'paid', {}, now);
    return;
  }
  if (state === 'failed') {
    await deps.repo.advance(
      payment.id,
      ['processing'],
      'failed',
      {
        failureCode: failure?.code ?? 'payout_failed',
        failureMessage: failure?.message ?? 'The payout did not go through.',
      },
      now,
    );
  }
  // Failed now or before (a repeated report): the money must be back.
  const current = await deps.repo.byId(payment.id);
  if (current?.status === 'failed') {
    await giveBack(deps, current, 'payout failed');
  }
}
