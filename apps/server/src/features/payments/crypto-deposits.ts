import type { CryptoNetwork } from '@casino/contracts';
import type { PaymentStatus } from '../../db/schema';
import { isAppError } from '../../lib/errors';
import { PaymentProviderRefused, PaymentProviderUnavailable } from './card/card-provider';
import { amountWithin, cashierActor, providerUnavailable, requireCrypto } from './cashier-rules';
import type { CryptoEvent, CryptoPaymentEvent } from './crypto/crypto-provider';
import { insertOrLoadDeposit } from './deposit-rows';
import type { PaymentRow } from './payments-repository';
import type { PaymentsServiceDeps, Submitted } from './payments-service';
import { settlePayout } from './withdrawal-endings';

/**
 * A crypto deposit: a payment at the gateway gives the address and the amount in the coin;
 * the balance is credited when the gateway reports it finished (the whole amount) or
 * partially paid (what arrived, in dollars, floored to the cent).
 */
export async function startCryptoDeposit(
  deps: PaymentsServiceDeps,
  userId: string,
  body: { amount: string; net: CryptoNetwork; idempotency_key: string },
): Promise<Submitted> {
  const crypto = requireCrypto(deps);
  const amount = amountWithin(body.amount, deps.config.limits.deposit, 'deposit');
  const { payment, created } = await insertOrLoadDeposit(deps, userId, {
    idempotencyKey: body.idempotency_key,
    amount,
    request: { amount: amount.toString(), net: body.net },
    fields: () => Promise.resolve({ method: 'crypto', provider: crypto.slug, network: body.net }),
  });
  // A pending invoice asked for again: its address is shown only while the player may
  // still deposit it (a block, or a limit lowered since, answers with the refusal instead).
  if (!created && payment.status === 'pending') {
    await deps.responsibleGaming.assertMayDeposit(userId, payment.amount, {
      pendingPaymentId: payment.id,
    });
  }
  if (payment.providerRef !== null) return { payment, created };
  // The gateway answers the same order id with the same payment, so this is safe to repeat.
  try {
    const quote = await crypto.createPayment({
      paymentId: payment.id,
      amount: payment.amount,
      network: body.net,
    });
    const patched = await deps.repo.patch(
      payment.id,
      {
        providerRef: quote.providerRef,
        payAddress: quote.address,
        payAmount: quote.payAmount,
        payCurrency: quote.payCurrency,
        actuallyPaid: quote.actuallyPaid,
      },
      deps.clock.now(),
    );
    return { payment: patched ?? payment, created };
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable) throw providerUnavailable();
    if (error instanceof PaymentProviderRefused) {
      await deps.repo.advance(
        payment.id,
        ['pending'],
        'failed',
        {
          failureCode: 'payment_failed',
          failureMessage: 'The crypto gateway refused the payment.',
        },
        deps.clock.now(),
      );
      return { payment: (await deps.repo.byId(payment.id)) ?? payment, created };
    }
    throw error;
  }
}

/**
 * A payment as the player may see it again (GET /api/payments[/:id]): a pending crypto
 * invoice keeps its address only while a deposit of its amount is still allowed. Once a
 * deposit limit lowered since leaves no room for it, or a time-out or self-exclusion began,
 * the address is withheld (issue 29: no address once the limit is reached); the row and its
 * status stay, and money that arrives anyway is still credited and flagged.
 */
export async function withPayableAddress(
  deps: PaymentsServiceDeps,
  userId: string,
  row: PaymentRow,
): Promise<PaymentRow> {
  const invoice =
    row.method === 'crypto' &&
    row.direction === 'deposit' &&
    row.status === 'pending' &&
    row.payAddress !== null;
  if (!invoice) return row;
  try {
    await deps.responsibleGaming.assertMayDeposit(userId, row.amount, {
      pendingPaymentId: row.id,
    });
    return row;
  } catch (error) {
    if (isRefusal(error)) return { ...row, payAddress: null };
    throw error;
  }
}

/** The answers assertMayDeposit gives a player who may not deposit (RG_BLOCKED, RG_DEPOSIT_LIMIT). */
function isRefusal(error: unknown): boolean {
  return isAppError(error) && (error.code === 'RG_BLOCKED' || error.code === 'RG_DEPOSIT_LIMIT');
}

const finalStatuses: readonly PaymentStatus[] = [
  'succeeded',
  'partially_paid',
  'expired',
  'failed',
];

/** Coins (decimal strings of at most 8 places) as integers of 1e-8. */
function coinUnits(text: string): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0').slice(0, 8));
}

/** The dollars a partial payment is worth: amount × paid ÷ due, floored to the cent. */
export function partialCredit(amount: bigint, actuallyPaid: string, payAmount: string): bigint {
  const due = coinUnits(payAmount);
  if (due === 0n) return 0n;
  const paid = coinUnits(actuallyPaid);
  const exact = paid >= due ? amount : (amount * paid) / due;
  return (exact / 10n) * 10n;
}

/**
 * Applies a verified IPN to its payment. Forward only: waiting < confirming/confirmed
 * (processing) < a final state, and the first final state wins, so a late or repeated IPN
 * changes nothing. The credit is one ledger posting keyed by the payment id.
 */
export async function applyCryptoEvent(
  deps: PaymentsServiceDeps,
  provider: string,
  event: CryptoEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (await deps.repo.eventSeen(provider, event.eventKey)) return 'duplicate';
  const payment =
    event.paymentId !== undefined && /^[0-9a-f-]{36}$/i.test(event.paymentId)
      ? await deps.repo.byId(event.paymentId)
      : undefined;
  const log = { eventKey: event.eventKey, paymentId: payment?.id, state: event.state };
  let outcome: 'applied' | 'ignored' = 'ignored';
  const ours =
    payment !== undefined &&
    payment.provider === provider &&
    payment.direction === (event.object === 'payment' ? 'deposit' : 'withdrawal') &&
    (payment.providerRef === null || payment.providerRef === event.providerRef);
  if (!payment || !ours) {
    deps.logger.warn(log, 'crypto IPN for no payment of ours');
  } else if (event.object === 'payout') {
    // The payout must be the coins we asked for, to the address the player gave.
    if (
      event.address !== payment.payAddress ||
      (payment.payAmount !== null && payment.payAmount !== event.payAmount)
    ) {
      deps.logger.error(log, 'crypto payout IPN differs from the withdrawal: not applied');
    } else {
      await settlePayout(deps, payment, event.state, {
        code: 'payout_failed',
        message: 'The network did not accept the payout to this address.',
      });
      outcome = 'applied';
    }
  } else if (
    event.priceAmount !== payment.amount ||
    (payment.payAmount !== null && payment.payAmount !== event.payAmount)
  ) {
    deps.logger.error(log, 'crypto IPN amount differs from the payment: not applied');
  } else {
    await settleCrypto(deps, payment, event);
    outcome = 'applied';
  }
  await deps.repo.recordEvent(
    provider,
    event.eventKey,
    `payment.${event.state}`,
    payment?.id ?? null,
    deps.clock.now(),
  );
  return outcome;
}

async function settleCrypto(
  deps: PaymentsServiceDeps,
  payment: PaymentRow,
  event: CryptoPaymentEvent,
) {
  const now = deps.clock.now();
  const seen = { actuallyPaid: event.actuallyPaid, providerRef: event.providerRef };
  switch (event.state) {
    case 'waiting':
      return;
    case 'confirming':
    case 'confirmed':
      await deps.repo.advance(payment.id, ['pending', 'processing'], 'processing', seen, now);
      return;
    case 'expired':
    case 'failed':
      await deps.repo.advance(
        payment.id,
        ['pending', 'processing'],
        event.state === 'expired' ? 'expired' : 'failed',
        {
          ...seen,
          failureCode: event.state === 'expired' ? 'expired' : 'payment_failed',
          failureMessage:
            event.state === 'expired'
              ? 'No coins arrived before the payment expired.'
              : 'The crypto payment failed.',
        },
        now,
      );
      return;
    case 'finished':
    case 'partially_paid': {
      const current = await deps.repo.byId(payment.id);
      if (!current || finalStatuses.includes(current.status)) return;
      const credit =
        event.state === 'finished'
          ? payment.amount
          : partialCredit(payment.amount, event.actuallyPaid, event.payAmount);
      let ledgerEntryId: bigint | null = null;
      if (credit > 0n) {
        const posted = await deps.ledger.postOperatorMovement({
          kind: 'deposit',
          userId: payment.userId,
          amount: credit,
          currency: payment.currency,
          idempotencyKey: payment.id,
          actor: cashierActor,
          meta: { method: 'crypto', provider: payment.provider, network: payment.network },
        });
        ledgerEntryId = BigInt(posted.transactionId);
      }
      await deps.repo.advance(
        payment.id,
        ['pending', 'processing'],
        event.state === 'finished' ? 'succeeded' : 'partially_paid',
        {
          ...seen,
          ledgerEntryId,
          creditedAmount: credit,
          ...(event.state === 'partially_paid'
            ? {
                failureCode: 'partially_paid',
                failureMessage: 'Fewer coins arrived than asked: what arrived was credited.',
              }
            : {}),
        },
        now,
      );
      return;
    }
  }
}
