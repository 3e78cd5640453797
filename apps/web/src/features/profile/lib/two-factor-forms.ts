import { loginRequestSchema, otpSchema, twoFactorCodeSchema } from '@casino/contracts';
import { z } from 'zod';
import { i18n } from '../../../shared/i18n/i18n';
import { validationText } from '../../../shared/lib/form-validation';
import type { FailedToastTexts } from '../../../shared/ui/toast/failed-toast';

/** The first code from the authenticator app, which turns two-factor sign-in on. */
export const twoFactorSetupFormSchema = z.object({ code: otpSchema });

/** New recovery codes, for a code from the app or a recovery code. */
export const twoFactorRegenerateFormSchema = z.object({ code: twoFactorCodeSchema });

/** Turning it off: the password and a code. */
export const twoFactorDisableFormSchema = z.object({
  password: loginRequestSchema.shape.password,
  code: twoFactorCodeSchema,
});

/** The two-factor texts of the schemas' message keys; the account keys otherwise. */
export function twoFactorValidationText(key: string): string | undefined {
  return key === 'twofactorcodeerror' ? i18n.t('twoFactor.field.format') : validationText(key);
}

/** The card's failure toast. */
export const twoFactorFailed: FailedToastTexts = {
  title: () => i18n.t('twoFactor.card.toastTitle'),
  reason: (reason) => i18n.t('twoFactor.card.failed', { reason }),
};
