import type { ProviderEvent } from './card/card-provider';
import { settleCharge } from './card-deposits';
import type { PaymentRow } from './payments-repository';
import type { PaymentsServiceDeps } from './payments-service';
import { settlePayout } from './withdrawal-endings';

/**
 * Applies one verified webhook. Safe to receive twice (the event id is remembered, and every
 * step is idempotent anyway) and in any order (a state only moves forward; see settleCharge
 * and settlePayout). An event about a payment that is not ours, or whose amount or currency
 * differ from ours, moves nothing; it is acknowledged so the service stops sending it, and
 * logged for a person to look at.
 */
export async function applyWebhookEvent(
  deps: PaymentsServiceDeps,
  provider: string,
  event: ProviderEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (await deps.repo.eventSeen(provider, event.eventId)) return 'duplicate';
  const payment = await paymentOf(deps, provider, event);
  const log = { eventId: event.eventId, type: event.type, paymentId: payment?.id };
  let outcome: 'applied' | 'ignored' = 'ignored';
  if (event.object === 'other') {
    outcome = 'ignored';
  } else if (!payment) {
    deps.logger.warn(log, 'payment webhook for no payment of ours');
  } else if (event.amount !== payment.amount || event.currency !== payment.currency) {
    deps.logger.error(
      { ...log, amount: event.amount.toString(), currency: event.currency },
      'payment webhook amount or currency differs from the payment: not applied',
    );
  } else if (event.object === 'charge' && payment.direction === 'deposit') {
    await settleCharge(deps, payment, event.state, {
      ...(event.failure ? { failure: event.failure } : {}),
      ...(event.redirectUrl ? { redirectUrl: event.redirectUrl } : {}),
    });
    outcome = 'applied';
  } else if (event.object === 'payout' && payment.direction === 'withdrawal') {
    await settlePayout(deps, payment, event.state, event.failure);
    outcome = 'applied';
  } else {
    deps.logger.warn(log, 'payment webhook of the wrong kind for its payment');
  }
  await deps.repo.recordEvent(
    provider,
    event.eventId,
    event.type,
    payment?.id ?? null,
    deps.clock.now(),
  );
  return outcome;
}

/** The payment by the id we put in the metadata, which must also be this provider's. */
async function paymentOf(
  deps: PaymentsServiceDeps,
  provider: string,
  event: ProviderEvent,
): Promise<PaymentRow | undefined> {
  if (event.paymentId === undefined || !/^[0-9a-f-]{36}$/i.test(event.paymentId)) return undefined;
  const payment = await deps.repo.byId(event.paymentId);
  if (!payment || payment.provider !== provider) return undefined;
  // Once we know the service's id for it, the event must name the same object.
  if (payment.providerRef !== null && payment.providerRef !== event.providerRef) return undefined;
  return payment;
}
