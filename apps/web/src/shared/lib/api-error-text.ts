import { ErrorCode, authErrorCodes } from '@casino/contracts';
import { i18n, isLanguage } from '../i18n/i18n';
import { clientErrorCode, isApiError } from './api-client';

/** "in 5 minutes" / "через 5 минут", for a Retry-After (seconds). */
export function retryWhen(seconds: number | undefined): string {
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ru';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  const wait = Math.max(1, Math.ceil(seconds ?? 60));
  if (wait < 90) return format.format(wait, 'second');
  if (wait < 90 * 60) return format.format(Math.ceil(wait / 60), 'minute');
  return format.format(Math.ceil(wait / 3600), 'hour');
}

/**
 * The reason of a failed account call, in the player's language, for a toast. Specific where
 * the server's code says something the player can act on, generic otherwise.
 */
export function apiErrorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('errors.generic');
  switch (error.code) {
    case clientErrorCode.network:
      return i18n.t('errors.network');
    case authErrorCodes.USERNAME_BUSY:
      return i18n.t('errors.usernameBusy');
    case authErrorCodes.EMAIL_BUSY:
      return i18n.t('errors.emailBusy');
    case authErrorCodes.PASSWORD_TOO_COMMON:
      return i18n.t('errors.passwordTooCommon');
    case ErrorCode.VALIDATION_FAILED:
      return i18n.t('errors.validation');
    case ErrorCode.RATE_LIMITED:
    case authErrorCodes.TOO_MANY_ATTEMPTS:
      return i18n.t('errors.tooMany', { when: retryWhen(error.retryAfterSeconds) });
    default:
      return error.status === 429
        ? i18n.t('errors.tooMany', { when: retryWhen(error.retryAfterSeconds) })
        : i18n.t('errors.generic');
  }
}
