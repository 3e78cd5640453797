import { z } from 'zod';
import { emailSchema, newPasswordSchema, otpSchema, usernameSchema } from './auth';
import { twoFactorCodeSchema } from './two-factor';

/** Money travels as a decimal string ("0.00"); never a JSON number. */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2,3}$/);

/** GET /user/me: the allow-list of what a player may see of their own account. */
export const meResponseSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  balance: moneySchema,
  currency: z.literal('USD'),
  created_at: z.string(),
  /** The balance split: cash, and bonus money still to be wagered (balance = cash + bonus). */
  cash: moneySchema,
  bonus: moneySchema,
});
export type Me = z.infer<typeof meResponseSchema>;

export const checkUsernameRequestSchema = z.object({ username: usernameSchema });
export const checkEmailRequestSchema = z.object({ email: emailSchema });
export const availabilityResponseSchema = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof availabilityResponseSchema>;

/** PATCH /user/setting: one of username or email at a time (SPEC §3 "Settings payload"). */
export const settingsRequestSchema = z.union([
  z.object({ username: usernameSchema }).strict(),
  /** With two-factor sign-in on, `twoFactorCode` (app or recovery code) is required. */
  z.object({ email: emailSchema, twoFactorCode: twoFactorCodeSchema.optional() }).strict(),
]);
export type SettingsRequest = z.input<typeof settingsRequestSchema>;

/**
 * A username change applies at once ("updated"); an e-mail change waits for the code sent
 * to the new address ("verification_sent") and POST /user/verify-setting.
 */
export const settingsResponseSchema = z.object({
  status: z.enum(['updated', 'verification_sent']),
  user: meResponseSchema,
  pending_email: z.string().optional(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const verifySettingRequestSchema = z.object({ data: otpSchema });

export const changePasswordRequestSchema = z
  .object({
    oldPassword: z.string({ error: 'passworderror' }).min(1, { error: 'passworderror' }).max(512),
    newPassword: newPasswordSchema,
    repeatPassword: z.string({ error: 'passworderror' }),
    /** Sign out every other session too (the default): the form offers it as a choice. */
    signOutOthers: z.boolean().optional(),
  })
  .refine((v) => v.newPassword === v.repeatPassword, {
    path: ['repeatPassword'],
    error: 'passwordsdonotmatch',
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const statusResponseSchema = z.object({ status: z.literal('updated') });
