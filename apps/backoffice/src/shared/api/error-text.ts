import type { TFunction } from 'i18next';
import { isApiError } from './client';

/**
 * The sentence a staff member reads for a failed call: the translated text of the code when
 * there is one, else the server's own message (English) with its code, so nothing is hidden.
 */
export function errorText(t: TFunction, exists: (key: string) => boolean, error: unknown): string {
  if (!isApiError(error)) return t('errors.unknown', { code: 'CLIENT' });
  const key = `errors.${error.code}`;
  if (exists(key)) {
    return t(key as 'errors.unknown', {
      status: error.status,
      seconds: error.retryAfterSeconds ?? 60,
      code: error.code,
    });
  }
  if (error.status === 403) return t('errors.FORBIDDEN');
  if (error.status === 404) return t('errors.NOT_FOUND');
  return `${error.message} (${error.code})`;
}
