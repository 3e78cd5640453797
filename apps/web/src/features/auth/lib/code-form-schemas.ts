import { otpSchema, twoFactorCodeSchema } from '@casino/contracts';
import { z } from 'zod';

/** Verify's one field: the six digits from the e-mail (SPEC §4). */
export const verifyCodeFormSchema = z.object({ otp: otpSchema });

/** The second sign-in step's one field: six digits from the app, or a recovery code. */
export const twoFactorLoginFormSchema = z.object({ code: twoFactorCodeSchema });
