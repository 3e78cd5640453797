import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { i18n } from '../../../shared/i18n/i18n';
import { ApiError, clientErrorCode } from '../../../shared/lib/api-client';
import { amountErrorOf, isRetriable, submissionErrorText } from './submission-errors';

registerAccountMessages();

const error = (status: number, code: string, fields: { path: string; message: string }[] = []) =>
  new ApiError({ status, code, message: code, fields });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('ru');
});

describe('submission errors', () => {
  it('retries with the same key only when no answer came or the provider was down', () => {
    expect(isRetriable(error(0, clientErrorCode.network))).toBe(true);
    expect(isRetriable(error(503, 'PAYMENT_PROVIDER_UNAVAILABLE'))).toBe(true);
    expect(isRetriable(error(500, 'INTERNAL'))).toBe(true);
    expect(isRetriable(error(409, 'INSUFFICIENT_FUNDS'))).toBe(false);
    expect(isRetriable(error(400, 'VALIDATION_FAILED'))).toBe(false);
    expect(isRetriable(new Error('x'))).toBe(false);
  });

  it('puts a refused amount on the sum field, in the player language', () => {
    expect(amountErrorOf(error(409, 'INSUFFICIENT_FUNDS'))).toBe('Not enough money on the balance');
    expect(
      amountErrorOf(
        error(400, 'VALIDATION_FAILED', [{ path: 'amount', message: 'Amount above maximum' }]),
      ),
    ).toBe('This amount is not accepted; check the limits and try again');
    expect(amountErrorOf(error(400, 'VALIDATION_FAILED', [{ path: 'net', message: 'x' }]))).toBe(
      undefined,
    );
  });

  it('says a provider outage can be retried safely', () => {
    expect(submissionErrorText(error(503, 'PAYMENT_PROVIDER_UNAVAILABLE'))).toBe(
      'The payment service did not answer. Try again: you will not be charged twice.',
    );
  });
});
