import type { CryptoNetwork } from '@casino/contracts';
import { paymentsErrorCodes } from '@casino/contracts';
import type { InTransaction } from '../../db/in-transaction';
import { AppError } from '../../lib/errors';
import {
  PaymentProviderRefused,
  PaymentProviderUnavailable,
  type PaymentFailure,
  type PayoutOutcome,
  type PayoutState,
} from './card/card-provider';
import {
  cashierActor,
  cashierMovement,
  notFound,
  providerUnavailable,
  requireCard,
  requireCrypto,
} from './cashier-rules';
import { givenBackStatuses, type PaymentRow } from './payments-repository';
import type { PaymentsServiceDeps } from './payments-service';
import { markDebited } from './withdrawal-requests';

/**
 * How a withdrawal ends: the player's cancel or the operator's reject (the money back through
 * one withdrawal reversal), the operator's approval and its payout, the payout's report, and
 * the reconciliation of one a stopped process left half-way. Requests: withdrawal-requests.ts.
 */

/**
 * A withdrawal a stopped process left half-way, put right (reconciliation.ts; only rows
 * untouched for a while, so no request is still working on them):
 * - "requested" and debited (its posting exists): pending, as its request would have made it;
 *   "requested" and not debited: dropped, as if never submitted (no money moved, and its
 *   player was never told it was taken; a repeat of the key submits it anew);
 * - canceled, rejected or failed without its reversal: the money back, once.
 */
export async function reconcileWithdrawal(
  deps: PaymentsServiceDeps,
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

/** Posts the reversal (a replay when it exists) and records it on the payment. */
async function giveBack(deps: PaymentsServiceDeps, payment: PaymentRow, reason: string) {
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
  deps: PaymentsServiceDeps,
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
  deps: PaymentsServiceDeps,
  userId: string,
  paymentId: string,
): Promise<PaymentRow> {
  const payment = await deps.repo.own(userId, paymentId);
  if (!payment) throw notFound();
  return endPending(deps, payment, 'canceled', 'canceled by the player');
}

export async function rejectWithdrawal(
  deps: PaymentsServiceDeps,
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
  deps: PaymentsServiceDeps,
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
function payoutOf(deps: PaymentsServiceDeps, payment: PaymentRow) {
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
  deps: PaymentsServiceDeps,
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
