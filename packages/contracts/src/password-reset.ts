import { z } from 'zod';
import { emailSchema, newPasswordSchema, otpSchema } from './auth';

/**
 * Password reset by an e-mailed code (accounts issue 15, docs/decisions/045). The request is
 * answered the same way whether or not an account has the address, so the form cannot be
 * used to learn who plays here.
 */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** 202: a code is on its way if an account has this address (the answer never says which). */
export const passwordResetRequestResponseSchema = z.object({
  message: z.string(),
  /** Seconds until another code may be requested for this address. */
  resend_after: z.number().int().nonnegative(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int().positive(),
});
export type PasswordResetRequestResponse = z.infer<typeof passwordResetRequestResponseSchema>;

/** The code and the new password; a success signs in (201 with tokens, like login). */
export const passwordResetConfirmSchema = z
  .object({
    email: emailSchema,
    otp: otpSchema,
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: 'confirmpassworderror' })
      .min(1, { error: 'confirmpassworderror' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'passwordsdonotmatch',
  });
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;
