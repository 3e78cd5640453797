import { z } from 'zod';
import { passwordLimits } from './auth';

/**
 * Two-factor sign-in (accounts issue 15, docs/decisions/051): an optional TOTP authenticator
 * (RFC 6238: SHA-1, 6 digits, 30-second steps) with ten single-use recovery codes. While it
 * is on, login takes a second step and an e-mail change or a withdrawal needs a code.
 */
export const twoFactorPolicy = {
  digits: 6,
  periodSeconds: 30,
  /** Steps either side of now that are still accepted (clock drift). */
  window: 1,
  recoveryCodes: 10,
  /** Seconds a login's second step stays open after the password was right. */
  challengeTtlSeconds: 300,
  issuer: 'Orbita',
} as const;

/** A recovery code as shown: ten base32 letters and digits in two groups, "k7m2q-x4bd9". */
export const recoveryCodePattern = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/**
 * A code from the authenticator app (six digits) or a recovery code. Spaces are dropped and
 * letters lower-cased first, so "123 456" and "K7M2Q-X4BD9" are taken as typed; a recovery
 * code without its hyphen is taken too.
 */
export const twoFactorCodeSchema = z
  .string({ error: 'twofactorcodeerror' })
  .max(64, { error: 'twofactorcodeerror' })
  .transform((code) => code.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/, { error: 'twofactorcodeerror' })
      .transform((code) =>
        /^\d{6}$/.test(code) || code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`,
      ),
  );
export type TwoFactorCode = z.input<typeof twoFactorCodeSchema>;

/** GET /user/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** When it was turned on; null while off. */
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left (0 while off). */
  recovery_codes_left: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * POST /user/two-factor/setup: a new secret for the authenticator app (base32, for typing
 * in) and the otpauth:// URI (for the QR code). Nothing is enforced until it is confirmed.
 */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /user/two-factor/confirm and /user/two-factor/recovery-codes */
export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequestSchema>;

/** The ten recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesResponseSchema = z.object({
  recovery_codes: z.array(z.string().regex(recoveryCodePattern)),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** POST /user/two-factor/disable: the password and a code (app or recovery). */
export const twoFactorDisableRequestSchema = z.object({
  password: z
    .string({ error: 'passworderror' })
    .min(1, { error: 'passworderror' })
    .max(passwordLimits.max * 4, { error: 'passworderror' }),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;

/**
 * POST /auth/login answers 200 with this instead of tokens when the account has two-factor
 * sign-in on: the password was right, and POST /auth/login/two-factor finishes the login.
 */
export const twoFactorChallengeResponseSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Opaque; names this login attempt in the second step. */
  challenge: z.string(),
  /** Seconds the second step stays open. */
  expires_in: z.number().int().positive(),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponseSchema>;

/** POST /auth/login/two-factor */
export const twoFactorLoginRequestSchema = z.object({
  challenge: z.string({ error: 'twofactorchallengeerror' }).min(16).max(512),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginRequestSchema>;

/**
 * The operator's reset of a player's lost second factor (after checking who asks, out of
 * band): the authenticator and recovery codes removed; `reset` false when none was on.
 */
export const operatorTwoFactorParamsSchema = z.object({ userId: z.uuid() });
export const operatorTwoFactorResetResponseSchema = z.object({ reset: z.boolean() });
