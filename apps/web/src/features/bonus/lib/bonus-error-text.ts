import { bonusErrorCodes } from '@casino/contracts';
import type { BonusMessages } from '../../../shared/i18n/bonus/en';
import { i18n } from '../../../shared/i18n/i18n';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { isApiError } from '../../../shared/lib/api-client';

type BonusErrorKey = `bonus.errors.${keyof BonusMessages['bonus']['errors']}`;

const keys: Record<string, BonusErrorKey> = {
  [bonusErrorCodes.PROMO_UNKNOWN]: 'bonus.errors.promoUnknown',
  [bonusErrorCodes.PROMO_EXPIRED]: 'bonus.errors.promoExpired',
  [bonusErrorCodes.PROMO_USED_UP]: 'bonus.errors.promoUsedUp',
  [bonusErrorCodes.PROMO_ALREADY_USED]: 'bonus.errors.promoAlreadyUsed',
  [bonusErrorCodes.DEPOSIT_REQUIRED]: 'bonus.errors.depositRequired',
  [bonusErrorCodes.BONUS_ACTIVE]: 'bonus.errors.bonusActive',
  [bonusErrorCodes.ALREADY_CLAIMED]: 'bonus.errors.alreadyClaimed',
  [bonusErrorCodes.DAILY_COOLDOWN]: 'bonus.errors.dailyCooldown',
  [bonusErrorCodes.OFFER_NOT_FOUND]: 'bonus.errors.offerNotFound',
  [bonusErrorCodes.BONUS_NOT_FOUND]: 'bonus.errors.bonusEnded',
  [bonusErrorCodes.BONUS_ENDED]: 'bonus.errors.bonusEnded',
  [bonusErrorCodes.NOT_ELIGIBLE]: 'bonus.errors.notEligible',
};

/** Why a bonus action failed, in the player's language: the server's code, else the usual. */
export function bonusErrorText(error: unknown): string {
  if (isApiError(error)) {
    const key = keys[error.code];
    if (key) return i18n.t(key);
    if (error.code === 'VALIDATION_FAILED') return i18n.t('bonus.errors.promoRequired');
  }
  return apiErrorText(error);
}
