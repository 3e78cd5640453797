import { z } from 'zod';
import { paymentAmountSchema } from './payments';

/**
 * Responsible gaming (docs/decisions/070): limits, reality checks, the session time limit,
 * time-outs and self-exclusion. Amounts travel as decimal strings in dollars, like the rest
 * of the API; the server keeps thousandths.
 */

export const rgLimitKindSchema = z.enum(['deposit', 'loss', 'wager']);
export type RgLimitKind = z.infer<typeof rgLimitKindSchema>;
/** Rolling windows: 24 hours, 7 days, 30 days. */
export const rgLimitPeriodSchema = z.enum(['day', 'week', 'month']);
export type RgLimitPeriod = z.infer<typeof rgLimitPeriodSchema>;
export const rgLimitPeriodHours: Record<RgLimitPeriod, number> = { day: 24, week: 168, month: 720 };

/** A raise or removal takes effect only after this many hours and a second confirmation. */
export const rgCoolingOffHours = 24;
/** The share of a limit used at which the player is warned (toast and e-mail). */
export const rgWarningShare = 0.8;

export const realityCheckMinutesSchema = z.union([
  z.literal(0),
  z.literal(15),
  z.literal(30),
  z.literal(60),
]);
export type RealityCheckMinutes = z.infer<typeof realityCheckMinutesSchema>;

export const rgTimeOutDurations = ['24h', '7d', '30d', '6w'] as const;
export const rgExclusionDurations = ['6m', '1y', '5y', 'permanent'] as const;
export const rgBlockRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('time_out'), duration: z.enum(rgTimeOutDurations) }),
  z.object({ kind: z.literal('self_exclusion'), duration: z.enum(rgExclusionDurations) }),
]);
export type RgBlockRequest = z.infer<typeof rgBlockRequestSchema>;

/** PUT /responsible-gaming/limits: null removes the limit (after the cooling-off period). */
export const rgLimitRequestSchema = z.object({
  kind: rgLimitKindSchema,
  period: rgLimitPeriodSchema,
  amount: paymentAmountSchema.nullable(),
});
export type RgLimitRequest = z.infer<typeof rgLimitRequestSchema>;

/** POST /responsible-gaming/limits/confirm and /limits/cancel */
export const rgLimitKeySchema = z.object({ kind: rgLimitKindSchema, period: rgLimitPeriodSchema });
export type RgLimitKey = z.infer<typeof rgLimitKeySchema>;

/** PUT /responsible-gaming/session-limit: minutes of play per 24 hours, null for none. */
export const rgSessionLimitRequestSchema = z.object({
  minutes: z.number().int().min(1).max(1440).nullable(),
});
export type RgSessionLimitRequest = z.infer<typeof rgSessionLimitRequestSchema>;

export const rgRealityCheckRequestSchema = z.object({ minutes: realityCheckMinutesSchema });

/** A change waiting for its cooling-off: the new amount (null: removal) and from when. */
const pendingSchema = z
  .object({ amount: z.string().nullable(), confirmable_at: z.iso.datetime() })
  .nullable();

export const rgLimitViewSchema = z.object({
  kind: rgLimitKindSchema,
  period: rgLimitPeriodSchema,
  amount: z.string(),
  /** What the window holds now (deposits; net cash losses; stakes). */
  used: z.string(),
  /** amount − used, never below 0. */
  available: z.string(),
  pending: pendingSchema,
  set_by: z.enum(['player', 'staff', 'default']),
});
export type RgLimitView = z.infer<typeof rgLimitViewSchema>;

export const rgBlockViewSchema = z
  .object({
    kind: z.enum(['time_out', 'self_exclusion']),
    /** Null: permanent. */
    until: z.iso.datetime().nullable(),
  })
  .nullable();
export type RgBlockView = z.infer<typeof rgBlockViewSchema>;

export const rgStatusResponseSchema = z.object({
  limits: z.array(rgLimitViewSchema),
  reality_check_minutes: realityCheckMinutesSchema,
  session_limit: z.object({
    minutes: z.number().int().nullable(),
    /** Minutes played in the last 24 hours. */
    played_minutes: z.number().int(),
    pending: z
      .object({ minutes: z.number().int().nullable(), confirmable_at: z.iso.datetime() })
      .nullable(),
  }),
  block: rgBlockViewSchema,
  /** Limits at or over 80 % used: the web shows a toast once per limit and window. */
  warnings: z.array(rgLimitKeySchema),
  /** A national self-exclusion scheme (configuration), or null. */
  national_scheme_url: z.string().nullable(),
});
export type RgStatusResponse = z.infer<typeof rgStatusResponseSchema>;

/** GET /responsible-gaming/session: what the reality check shows. */
export const rgSessionResponseSchema = z.object({
  started_at: z.iso.datetime(),
  /** Stakes back minus stakes since started_at, signed dollars ("-12.50"). */
  net_result: z.string(),
  reality_check_minutes: realityCheckMinutesSchema,
  block: rgBlockViewSchema,
  /** The daily session limit was reached: new rounds are refused. */
  session_limit_reached: z.boolean(),
});
export type RgSessionResponse = z.infer<typeof rgSessionResponseSchema>;

export const rgErrorCodes = {
  /** A time-out or self-exclusion is in force: play, deposits, bonuses and chat are closed. */
  RG_BLOCKED: 'RG_BLOCKED',
  /** A deposit over a deposit limit; fields[0].message says how much is still available. */
  RG_DEPOSIT_LIMIT: 'RG_DEPOSIT_LIMIT',
  /** A pending raise or removal confirmed before its 24 hours. */
  RG_TOO_EARLY: 'RG_TOO_EARLY',
  /** Nothing pending to confirm or cancel. */
  RG_NOTHING_PENDING: 'RG_NOTHING_PENDING',
  /** Staff may add or lower a limit, or add a block, never lift what the player set. */
  RG_NOT_ALLOWED: 'RG_NOT_ALLOWED',
} as const;
export type RgErrorCode = (typeof rgErrorCodes)[keyof typeof rgErrorCodes];

/**
 * Staff API (the back office's route table): a staff member adds a limit or a block, with the
 * reason; who did it comes from the staff session, never from the body.
 */
export const rgStaffLimitRequestSchema = z.object({
  kind: rgLimitKindSchema,
  period: rgLimitPeriodSchema,
  amount: paymentAmountSchema,
  reason: z.string().trim().min(3).max(500),
});
export const rgStaffBlockRequestSchema = z.intersection(
  rgBlockRequestSchema,
  z.object({ reason: z.string().trim().min(3).max(500) }),
);

export const rgChangeSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.string(),
  reason: z.string().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.iso.datetime(),
});

export const rgFlagSchema = z.object({
  flag: z.enum(['net_deposits', 'many_raises', 'declined_deposits', 'night_play']),
  detail: z.string(),
});

export const rgOperatorPlayerResponseSchema = z.object({
  user_id: z.string(),
  status: rgStatusResponseSchema,
  history: z.array(rgChangeSchema),
  flags: z.array(rgFlagSchema),
});
export type RgOperatorPlayerResponse = z.infer<typeof rgOperatorPlayerResponseSchema>;
