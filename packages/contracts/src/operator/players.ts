import { z } from 'zod';
import { playerBonusSchema } from '../bonus';
import { chatLimits } from '../chat';
import { identityStatuses } from '../identity';
import { paymentSchema } from '../payments';
import { deviceKinds } from '../sessions';
import { moneySchema } from '../user';
import { walletEntryKinds, walletTransactionSchema } from '../wallet';

/** The players' side of the back office: search, a player's page, the actions on a player. */

export const playerStatuses = ['active', 'blocked', 'closed'] as const;
export type PlayerStatus = (typeof playerStatuses)[number];

export const playerParamsSchema = z.object({ userId: z.uuid() });

/**
 * GET /api/operator/players?q=…: `q` is matched as a username or e-mail (prefix,
 * case-insensitive), an exact player id, an exact IP of a session, or, four digits, the last
 * four digits of a saved or used card. Without `q`, the newest players first.
 */
export const playerSearchQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  status: z.enum(playerStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type PlayerSearchQuery = z.input<typeof playerSearchQuerySchema>;

export const playerRowSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  status: z.enum(playerStatuses),
  cash: moneySchema,
  bonus: moneySchema,
  currency: z.string(),
  /** Two-letter code of the last session's country, when known. */
  country: z.string().nullable(),
  registered_at: z.string(),
  last_seen_at: z.string().nullable(),
  /** What matched the search: username, email, id, ip, card. Null without `q`. */
  matched: z.enum(['username', 'email', 'id', 'ip', 'card']).nullable(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;
export const playerSearchResponseSchema = z.object({
  data: z.array(playerRowSchema),
  total: z.number().int().min(0),
});

export const playerTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{N} _-]+$/u);

/** GET /api/operator/players/:userId: the profile, status and balances. */
export const playerDetailSchema = playerRowSchema.omit({ matched: true }).extend({
  date_of_birth: z.string().nullable(),
  block: z
    .object({ reason: z.string(), blocked_at: z.string(), blocked_by: z.string() })
    .nullable(),
  closed_at: z.string().nullable(),
  two_factor: z.boolean(),
  identity_status: z.enum(identityStatuses),
  chat_muted_until: z.string().nullable(),
  tags: z.array(z.string()),
  totals: z.object({
    deposits: moneySchema,
    withdrawals: moneySchema,
    stakes: moneySchema,
    wins: moneySchema,
  }),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/** GET …/ledger and …/ledger.csv: newest first, filtered. */
export const playerLedgerQuerySchema = z.object({
  kind: z.enum(walletEntryKinds).optional(),
  provider: z.string().max(64).optional(),
  game: z.string().max(128).optional(),
  /** ISO date-times, inclusive from, exclusive to. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z
    .string()
    .regex(/^[1-9]\d{0,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PlayerLedgerQuery = z.input<typeof playerLedgerQuerySchema>;
export const playerLedgerResponseSchema = z.object({
  data: z.array(walletTransactionSchema.extend({ bonus_amount: moneySchema.nullable() })),
  next_before: z.string().nullable(),
});
/** The CSV's columns, in order (text/csv; one header line). */
export const playerLedgerCsvColumns = [
  'id',
  'created_at',
  'kind',
  'amount',
  'balance_after',
  'currency',
  'provider',
  'game_id',
  'round_id',
] as const;

export const playerPaymentsResponseSchema = z.object({ data: z.array(paymentSchema) });
export const playerBonusesResponseSchema = z.object({ data: z.array(playerBonusSchema) });

/** A player's sign-in session as staff see it (with the IP, which the player's own list hides). */
export const playerSessionSchema = z.object({
  id: z.string(),
  device: z.enum(deviceKinds),
  description: z.string().nullable(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  live: z.boolean(),
});
export const playerSessionsResponseSchema = z.object({ data: z.array(playerSessionSchema) });
/** DELETE …/sessions/:sessionId ends one; DELETE …/sessions ends all. */
export const playerSessionParamsSchema = z.object({ userId: z.uuid(), sessionId: z.uuid() });
export const endedSessionsResponseSchema = z.object({ ended: z.number().int().min(0) });

export const playerChatMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string(),
  hidden: z.boolean(),
});
export const playerChatResponseSchema = z.object({
  data: z.array(playerChatMessageSchema),
  muted_until: z.string().nullable(),
});

/** Staff notes: append-only, each with its author. */
export const staffNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type StaffNote = z.infer<typeof staffNoteSchema>;
export const staffNotesResponseSchema = z.object({ data: z.array(staffNoteSchema) });
export const staffNoteRequestSchema = z.object({ text: z.string().trim().min(1).max(2000) });

export const playerTagsRequestSchema = z.object({ tags: z.array(playerTagSchema).max(20) });
export const playerTagsResponseSchema = z.object({ tags: z.array(z.string()) });

/** Every action that changes something carries a reason, written to the audit log. */
export const reasonSchema = z.string().trim().min(1).max(500);
export const playerBlockRequestSchema = z.object({ reason: reasonSchema });
export const playerStatusResponseSchema = z.object({
  id: z.uuid(),
  status: z.enum(playerStatuses),
  /** Sign-in sessions ended by this action. */
  sessions_ended: z.number().int().min(0),
});

/** POST …/adjustments: a manual ledger adjustment of this player (reason mandatory). */
export const playerAdjustmentRequestSchema = z.object({
  amount: z
    .string()
    .regex(/^-?\d{1,9}\.\d{2}$/, { error: 'must be a signed decimal with two places, e.g. 100.00' })
    .refine((value) => !/^-?0+\.00$/.test(value), { error: 'must not be zero' }),
  reason: reasonSchema,
  idempotencyKey: z.string().min(1).max(200),
});
export type PlayerAdjustmentRequest = z.infer<typeof playerAdjustmentRequestSchema>;

/** POST …/chat-mute: minutes 0 lifts the mute. */
export const playerMuteRequestSchema = z.object({
  minutes: z.number().int().min(0).max(chatLimits.muteMaxMinutes),
  reason: reasonSchema,
});
