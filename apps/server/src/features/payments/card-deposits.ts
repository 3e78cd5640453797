import type { CardDepositRequest } from '@casino/contracts';
import type { ChargeOutcome, ChargeState, PaymentFailure } from './card/card-provider';
import { PaymentProviderRefused, PaymentProviderUnavailable } from './card/card-provider';
import {
  amountWithin,
  cashierMovement,
  fieldError,
  providerUnavailable,
  requireCard,
} from './cashier-rules';
import { insertOrLoadDeposit } from './deposit-rows';
import type { PaymentRow } from './payments-repository';
import type { PaymentsServiceDeps, Submitted } from './payments-service';

/**
 * Card deposits. The money is credited only when the service says the charge succeeded — in
 * its answer to the confirmation, or later in a webhook (after 3-D Secure) — and both paths
 * end in settleCharge, whose ledger posting is keyed by the payment id: once, whatever order
 * and however often they arrive.
 */
export async function startCardDeposit(
  deps: PaymentsServiceDeps,
  userId: string,
  body: CardDepositRequest,
): Promise<Submitted> {
  const card = requireCard(deps);
  const amount = amountWithin(body.amount, deps.config.limits.deposit, 'deposit');
  const submitted = await insertOrLoadDeposit(deps, userId, {
    idempotencyKey: body.idempotency_key,
    amount,
    request: { amount: amount.toString(), payment_method: body.payment_method },
    async fields() {
      const summary = await describe(deps, body.payment_method);
      return {
        method: 'card',
        provider: card.slug,
        cardToken: body.payment_method,
        cardBrand: summary.brand,
        cardLast4: summary.last4,
      };
    },
  });
  let payment = submitted.payment;
  const created = submitted.created;
  // A repeat of a submission whose charge was sent but whose row is not succeeded: settleCharge
  // posts before it marks the row, so a process stopped between the two (killed, database
  // gone) leaves the money credited and the row "pending". The posting is the proof that the
  // service said "succeeded": finish the row instead of answering "pending".
  if (!created && payment.providerRef !== null && payment.status !== 'succeeded') {
    payment = (await finishIfCredited(deps, payment)) ?? payment;
  }
  // A submission whose charge never reached the service (it did not answer): send it now.
  // The service's idempotency key is our payment id, so a charge it did take is not doubled.
  if (payment.status === 'pending' && payment.providerRef === null) {
    let outcome: ChargeOutcome;
    try {
      outcome = await card.charge({
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        token: payment.cardToken ?? '',
        returnUrl: deps.returnUrl(payment.id),
      });
    } catch (error) {
      if (error instanceof PaymentProviderUnavailable) {
        deps.logger.warn({ paymentId: payment.id, err: error }, 'card charge: no answer');
        throw providerUnavailable();
      }
      if (error instanceof PaymentProviderRefused) {
        deps.logger.warn({ paymentId: payment.id, param: error.param }, 'card charge refused');
        payment =
          (await settleCharge(deps, payment, 'failed', {
            failure: { code: 'payment_failed', message: 'The payment service refused the card.' },
          })) ?? payment;
        return { payment, created };
      }
      throw error;
    }
    await deps.repo.patch(payment.id, { providerRef: outcome.providerRef }, deps.clock.now());
    payment =
      (await settleCharge(deps, payment, outcome.state, {
        ...(outcome.redirectUrl ? { redirectUrl: outcome.redirectUrl } : {}),
        ...(outcome.failure ? { failure: outcome.failure } : {}),
      })) ?? payment;
  }
  return { payment, created };
}

async function describe(deps: PaymentsServiceDeps, token: string) {
  const card = requireCard(deps);
  let summary;
  try {
    summary = await card.describeCard(token);
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable) throw providerUnavailable();
    if (error instanceof PaymentProviderRefused) summary = undefined;
    else throw error;
  }
  if (!summary) {
    throw fieldError('payment_method', 'Unknown card: enter the card details again.');
  }
  return summary;
}

/**
 * A card deposit whose credit is in the ledger but whose row is not marked succeeded (the
 * process stopped between the two: settleCharge posts first): marked now. The posting is the
 * proof that the service said "succeeded". Returns the row as it now is.
 */
async function finishIfCredited(
  deps: PaymentsServiceDeps,
  payment: PaymentRow,
): Promise<PaymentRow | undefined> {
  if (payment.status === 'succeeded') return payment;
  const posted = await deps.ledger.replayOfOperatorMovement(cashierMovement('deposit', payment));
  return posted ? settleCharge(deps, payment, 'succeeded', {}) : payment;
}

/**
 * A card deposit left pending or waiting for 3-D Secure (reconciliation.ts: its webhook never
 * came, or the process stopped before it marked the row): finished from the ledger if it was
 * credited, else from the service's own record of the charge, checked to be ours (payment id,
 * amount, currency). 'unknown': the service does not know the charge (or it is not ours).
 */
export async function reconcileCardDeposit(
  deps: PaymentsServiceDeps,
  payment: PaymentRow,
): Promise<'settled' | 'unchanged' | 'unknown'> {
  if (payment.direction !== 'deposit' || payment.method !== 'card') return 'unchanged';
  const finished = await finishIfCredited(deps, payment);
  if (finished?.status !== payment.status) return 'settled';
  if (payment.providerRef === null || deps.card === undefined) return 'unchanged';
  const charge = await deps.card.retrieveCharge(payment.providerRef);
  if (
    charge === undefined ||
    charge.paymentId !== payment.id ||
    charge.amount !== payment.amount ||
    charge.currency !== payment.currency
  ) {
    return 'unknown';
  }
  const after = await settleCharge(deps, payment, charge.state, {
    ...(charge.redirectUrl ? { redirectUrl: charge.redirectUrl } : {}),
    ...(charge.failure ? { failure: charge.failure } : {}),
  });
  return after?.status !== payment.status ? 'settled' : 'unchanged';
}

/**
 * Brings a deposit to the state the service reported, if that is further along: pending <
 * requires_action < failed < succeeded. "Succeeded" wins over everything because the money
 * did arrive; a late "pending" after a final state changes nothing. Returns the payment as it
 * now is.
 */
export async function settleCharge(
  deps: PaymentsServiceDeps,
  payment: PaymentRow,
  state: ChargeState,
  details: { redirectUrl?: string; failure?: PaymentFailure },
): Promise<PaymentRow | undefined> {
  const now = deps.clock.now();
  switch (state) {
    case 'pending':
      return deps.repo.byId(payment.id);
    case 'requires_action':
      await deps.repo.advance(
        payment.id,
        ['pending'],
        'requires_action',
        { redirectUrl: details.redirectUrl ?? null },
        now,
      );
      return deps.repo.byId(payment.id);
    case 'failed':
      await deps.repo.advance(
        payment.id,
        ['pending', 'requires_action'],
        'failed',
        {
          failureCode: details.failure?.code ?? 'payment_failed',
          failureMessage: details.failure?.message ?? 'The payment did not go through.',
        },
        now,
      );
      return deps.repo.byId(payment.id);
    case 'succeeded': {
      // The posting first: if we stop between the two, the next report (a webhook retry)
      // finds the posting already made (a replay) and finishes the row.
      const posted = await deps.ledger.postOperatorMovement(cashierMovement('deposit', payment));
      await deps.repo.advance(
        payment.id,
        ['pending', 'requires_action', 'failed'],
        'succeeded',
        {
          ledgerEntryId: BigInt(posted.transactionId),
          failureCode: null,
          failureMessage: null,
          redirectUrl: null,
        },
        now,
      );
      if (posted.outcome === 'applied') {
        deps.logger.info(
          { paymentId: payment.id, transactionId: posted.transactionId },
          'deposit credited',
        );
      }
      return deps.repo.byId(payment.id);
    }
  }
}
