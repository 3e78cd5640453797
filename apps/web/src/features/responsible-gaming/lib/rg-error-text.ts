import { rgErrorCodes } from '@casino/contracts';
import { i18n } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { apiErrorText } from '../../../shared/lib/api-error-text';

const known = {
  [rgErrorCodes.RG_TOO_EARLY]: 'rg.errors.RG_TOO_EARLY',
  [rgErrorCodes.RG_NOT_ALLOWED]: 'rg.errors.RG_NOT_ALLOWED',
  [rgErrorCodes.RG_NOTHING_PENDING]: 'rg.errors.RG_NOTHING_PENDING',
} as const;

const isKnown = (code: string): code is keyof typeof known => code in known;

/** A refused change in the player's language: this feature's codes, else the general text. */
export function rgErrorText(error: unknown): string {
  if (isApiError(error) && isKnown(error.code)) return i18n.t(known[error.code]);
  return apiErrorText(error);
}
