import { ErrorCode, paymentsErrorCodes, rgErrorCodes } from '@casino/contracts';
import { clientErrorCode, isApiError } from '../../../shared/lib/api-client';
import { i18n } from '../../../shared/i18n/i18n';
import { apiErrorText } from '../../../shared/lib/api-error-text';

/**
 * Whether the same submission may be sent again with the same idempotency key: no answer, or
 * the provider did not answer. Any other answer is final for that key.
 */
export function isRetriable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.code === clientErrorCode.network ||
    error.code === paymentsErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE ||
    error.status >= 500
  );
}

/** The amount's field error of a refused submission, when the server names one. */
export function amountErrorOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === paymentsErrorCodes.INSUFFICIENT_FUNDS) {
    return i18n.t('cashier.errors.insufficientFunds');
  }
  if (error.code === rgErrorCodes.RG_DEPOSIT_LIMIT) {
    // The server names what the limits still allow (decision 070).
    const available = error.fields.find((field) => field.path === 'amount')?.message ?? '0.00';
    return i18n.t('cashier.errors.depositLimit', { available: `$${available}` });
  }
  if (error.code === ErrorCode.VALIDATION_FAILED) {
    // The server's own text is English; the limits may have changed since the page loaded.
    if (error.fields.some((field) => field.path === 'amount')) {
      return i18n.t('cashier.errors.sumRejected');
    }
  }
  return undefined;
}

/** The toast text of a refused or failed submission. */
export function submissionErrorText(error: unknown): string {
  if (isApiError(error) && error.code === paymentsErrorCodes.PAYMENT_PROVIDER_UNAVAILABLE) {
    return i18n.t('cashier.errors.providerUnavailable');
  }
  if (isApiError(error) && error.code === rgErrorCodes.RG_BLOCKED) {
    return i18n.t('cashier.errors.blocked');
  }
  if (isApiError(error) && error.code === paymentsErrorCodes.WITHDRAWAL_BONUS_ACTIVE) {
    return i18n.t('cashier.errors.bonusActive');
  }
  return amountErrorOf(error) ?? apiErrorText(error);
}
