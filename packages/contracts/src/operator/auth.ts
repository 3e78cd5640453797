import { z } from 'zod';
import { newPasswordSchema } from '../auth';
import { permissions, staffRoles } from './permissions';

/**
 * Staff accounts and sessions (issue 28). A staff member is created by
 * `npm run staff:create -- --email … --role …`, which prints a one-time set-up link
 * `/backoffice/setup#<token>` valid for 24 hours. At set-up the person chooses a password and
 * enrols an authenticator (TOTP); every login takes the password AND a current code.
 */
export const staffPolicy = {
  /** The set-up link's life. */
  setupLinkHours: 24,
  /** A staff session ends after this long without a request… */
  sessionIdleMinutes: 30,
  /** …and after this long whatever happens. */
  sessionMaxHours: 12,
  /** The staff session cookie: its own name and path, SameSite=Strict, HttpOnly. */
  cookieName: 'orbita_staff',
  cookiePath: '/api/operator',
  /** Where the back office lives on this server (unless BACKOFFICE_ORIGIN serves it). */
  appPath: '/backoffice/',
} as const;

/** The set-up token from the link's fragment (43 base64url characters: 256 bits). */
export const staffSetupTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'staff.setup.invalidLink' });

/** A six-digit code of the authenticator app (no recovery codes for staff: an admin resets). */
export const staffTotpCodeSchema = z
  .string({ error: 'twofactorcodeerror' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'twofactorcodeerror' }));

export const staffEmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: 'invalidemail' }))
  .transform((e) => e.toLowerCase());

/** POST /api/operator/auth/setup/begin: the link is valid; the authenticator's secret. */
export const staffSetupBeginRequestSchema = z.object({ token: staffSetupTokenSchema });
export const staffSetupBeginResponseSchema = z.object({
  email: z.string(),
  /** Base32, for typing into an authenticator app. The same on every call for one link. */
  totp_secret: z.string(),
  /** otpauth:// URI for the QR code. */
  otpauth_uri: z.string(),
  expires_at: z.string(),
});
export type StaffSetupBeginResponse = z.infer<typeof staffSetupBeginResponseSchema>;

/** POST /api/operator/auth/setup/complete: the password and a first code; 204, then log in. */
export const staffSetupCompleteRequestSchema = z.object({
  token: staffSetupTokenSchema,
  password: newPasswordSchema,
  code: staffTotpCodeSchema,
});
export type StaffSetupCompleteRequest = z.input<typeof staffSetupCompleteRequestSchema>;

/** POST /api/operator/auth/login: all three at once; there is no login without the code. */
export const staffLoginRequestSchema = z.object({
  email: staffEmailSchema,
  password: z.string().min(1).max(256),
  code: staffTotpCodeSchema,
});
export type StaffLoginRequest = z.input<typeof staffLoginRequestSchema>;

/** Who is signed in: GET /api/operator/auth/me, and the login's answer. */
export const staffMeSchema = z.object({
  /** A staff id, or "service" for the OPERATOR_API_TOKEN service account. */
  id: z.string(),
  kind: z.enum(['staff', 'service']),
  email: z.string().nullable(),
  roles: z.array(z.enum(staffRoles)),
  permissions: z.array(z.enum(permissions)),
  /** When this session ends at the latest (null for the service account). */
  session_expires_at: z.string().nullable(),
  /** BACKOFFICE_FOUR_EYES_AMOUNT: above it adjustments and withdrawals need a second person. */
  four_eyes_amount: z.string(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffSessionsResponseSchema = z.object({ data: z.array(staffSessionSchema) });
export const staffSessionParamsSchema = z.object({ sessionId: z.uuid() });

/** Error codes of the staff API beyond the general ones. */
export const staffErrorCodes = {
  /** Wrong e-mail, password or code (one answer for all three). */
  STAFF_LOGIN_FAILED: 'STAFF_LOGIN_FAILED',
  /** The set-up link is unknown, used or expired. */
  STAFF_SETUP_INVALID: 'STAFF_SETUP_INVALID',
  /** The request's address is outside BACKOFFICE_ALLOWED_IPS. */
  STAFF_IP_REFUSED: 'STAFF_IP_REFUSED',
  /** Four-eyes: the person who asked cannot be the second approver. */
  FOUR_EYES_SAME_PERSON: 'FOUR_EYES_SAME_PERSON',
  /** Four-eyes: the approval was already decided. */
  APPROVAL_NOT_WAITING: 'APPROVAL_NOT_WAITING',
  /** An admin may not disable their own account or remove their own admin role. */
  STAFF_SELF_LOCKOUT: 'STAFF_SELF_LOCKOUT',
  STAFF_EMAIL_TAKEN: 'STAFF_EMAIL_TAKEN',
} as const;
export type StaffErrorCode = (typeof staffErrorCodes)[keyof typeof staffErrorCodes];
