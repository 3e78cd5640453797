import { paymentsErrorCodes, ErrorCode, type FieldIssue } from '@casino/contracts';
import { AppError } from '../../lib/errors';
import type { OperatorMovementInput } from '../wallet';
import { fromDecimalString, toDecimalString } from '../wallet';
import type { CardPaymentProvider } from './card/card-provider';
import type { CryptoPaymentProvider } from './crypto/crypto-provider';
import type { AmountLimits } from './payments-config';
import type { PaymentRow } from './payments-repository';
import type { PaymentsServiceDeps } from './payments-service';

/**
 * The cashier's rules and answers that deposits, withdrawals and webhooks share: amounts in
 * the configured limits, a repeated key's sameness, the ledger movement of a payment, and
 * the errors a player sees.
 */

/**
 * A payment's ledger posting (a deposit's credit, a withdrawal's debit): keyed by the payment
 * id, so it is made once however often it is asked for.
 */
export function cashierMovement(
  kind: 'deposit' | 'withdrawal',
  payment: PaymentRow,
): OperatorMovementInput {
  return {
    kind,
    userId: payment.userId,
    amount: payment.amount,
    currency: payment.currency,
    idempotencyKey: payment.id,
    actor: cashierActor,
    meta: { method: payment.method, provider: payment.provider },
  };
}

/** The actor recorded on the cashier's ledger rows. */
export const cashierActor = 'cashier';
export const cashierCurrency = 'USD';

export const dollars = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

export function fieldError(path: string, message: string): AppError {
  const fields: FieldIssue[] = [{ path, message }];
  return new AppError(400, ErrorCode.VALIDATION_FAILED, message, fields);
}

/** The submitted amount in thousandths, inside the configured limits, or a field error. */
export function amountWithin(text: string, limits: AmountLimits, what: string): bigint {
  // The contract already allows only digits and two decimals; this is the wallet's own unit.
  const amount = fromDecimalString(text, { scale: 2 });
  if (amount < limits.min) {
    throw fieldError('amount', `The smallest ${what} is $${dollars(limits.min)}.`);
  }
  if (amount > limits.max) {
    throw fieldError('amount', `The largest ${what} is $${dollars(limits.max)}.`);
  }
  return amount;
}

export function requireCard(deps: Pick<PaymentsServiceDeps, 'card'>): CardPaymentProvider {
  return switchedOn(deps.card, 'Card');
}

export function requireCrypto(deps: Pick<PaymentsServiceDeps, 'crypto'>): CryptoPaymentProvider {
  return switchedOn(deps.crypto, 'Crypto');
}

/** A method's provider, or 404 PAYMENTS_DISABLED when the operator has not configured it. */
function switchedOn<P>(provider: P | null | undefined, method: string): P {
  if (!provider) {
    throw new AppError(
      404,
      paymentsErrorCodes.PAYMENTS_DISABLED,
      `${method} payments are switched off.`,
    );
  }
  return provider;
}

export function notFound(): AppError {
  return new AppError(404, paymentsErrorCodes.PAYMENT_NOT_FOUND, 'No such payment.');
}

export function providerUnavailable(): AppError {
  return new AppError(
    503,
    paymentsErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE,
    'The payment service did not answer. Send the same request again to retry it.',
    undefined,
    5,
  );
}

/**
 * A repeat of an idempotency key must be the same submission: same kind, amount and card.
 * Anything else is refused rather than silently answered with the first payment.
 */
export function sameSubmission(
  row: PaymentRow,
  direction: PaymentRow['direction'],
  request: Record<string, string>,
): void {
  const first = row.request as Record<string, string>;
  const differs =
    row.direction !== direction || Object.keys(request).some((key) => first[key] !== request[key]);
  if (differs) {
    throw new AppError(
      409,
      paymentsErrorCodes.IDEMPOTENCY_CONFLICT,
      'This idempotency key was used for a different payment.',
    );
  }
}
