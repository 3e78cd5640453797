import { ErrorCode, paymentsErrorCodes } from '@casino/contracts';
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
  if (isApiError(error) && error.code === paymentsErrorCodes.WITHDRAWAL_BONUS_ACTIVE) {
    return i18n.t('cashier.errors.bonusActive');
  }
  return amountErrorOf(error) ?? apiErrorText(error);
}
