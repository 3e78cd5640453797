import { z } from 'zod';
import { paymentMethodKinds, paymentSchema } from '../payments';
import { moneySchema } from '../user';

/** The dashboard and the daily queues (withdrawals, four-eyes approvals, chat room). */

/** GET /api/operator/dashboard: "today" is the UTC day. */
export const dashboardResponseSchema = z.object({
  players_online: z.number().int().min(0),
  players_in_game: z.number().int().min(0),
  deposits_today: moneySchema,
  deposits_today_count: z.number().int().min(0),
  withdrawals_waiting: z.number().int().min(0),
  approvals_waiting: z.number().int().min(0),
  identity_checks_waiting: z.number().int().min(0),
  support_threads_open: z.number().int().min(0),
  stakes_today: moneySchema,
  wins_today: moneySchema,
  /** Stakes minus wins. */
  ggr_today: moneySchema,
  currency: z.string(),
  as_of: z.string(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** Why a withdrawal deserves a second look. */
export const withdrawalRiskFlags = [
  /** The player's first withdrawal. */
  'first_withdrawal',
  /** Within 24 hours of a deposit, with stakes under the deposit since. */
  'soon_after_deposit_little_play',
  /** A device or country not seen on this account before the last 7 days. */
  'new_device_or_country',
  /** A bonus completed (wagered) in the last 7 days. */
  'bonus_recently_completed',
  /** Above KYC_WITHDRAWAL_THRESHOLD. */
  'above_identity_threshold',
  /** Above BACKOFFICE_FOUR_EYES_AMOUNT: two people must approve. */
  'four_eyes',
] as const;
export type WithdrawalRiskFlag = (typeof withdrawalRiskFlags)[number];

export const withdrawalQueueQuerySchema = z.object({
  status: z.enum(['pending', 'processing']).default('pending'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const withdrawalQueueRowSchema = paymentSchema.extend({
  user_id: z.string(),
  username: z.string(),
  method: z.enum(paymentMethodKinds),
  /** Seconds since it was requested. */
  age_seconds: z.number().int().min(0),
  risk_flags: z.array(z.enum(withdrawalRiskFlags)),
  /** Four-eyes: the first approval, if given. */
  approval: z
    .object({ id: z.uuid(), requested_by: z.string(), requested_at: z.string() })
    .nullable(),
});
export type WithdrawalQueueRow = z.infer<typeof withdrawalQueueRowSchema>;
export const withdrawalQueueResponseSchema = z.object({ data: z.array(withdrawalQueueRowSchema) });

/**
 * The answer of an action above the four-eyes amount: nothing moved; it waits for a second,
 * different staff member (202).
 */
export const approvalKinds = ['adjustment', 'withdrawal'] as const;
export const approvalStatuses = ['waiting', 'approved', 'rejected', 'failed'] as const;
export const approvalSchema = z.object({
  id: z.uuid(),
  kind: z.enum(approvalKinds),
  status: z.enum(approvalStatuses),
  user_id: z.uuid(),
  username: z.string(),
  /** Signed for an adjustment; the withdrawal's amount. */
  amount: moneySchema,
  reason: z.string().nullable(),
  /** The payment of a withdrawal approval. */
  payment_id: z.uuid().nullable(),
  requested_by: z.string(),
  requested_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Why it failed once approved (e.g. insufficient funds). */
  failure: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalPendingResponseSchema = z.object({
  outcome: z.literal('awaiting_second_approval'),
  approval: approvalSchema,
});
export const approvalsQuerySchema = z.object({
  status: z.enum(approvalStatuses).default('waiting'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const approvalsResponseSchema = z.object({ data: z.array(approvalSchema) });
export const approvalParamsSchema = z.object({ approvalId: z.uuid() });
export const approvalRejectRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) });

/** GET /api/operator/chat/messages: the room's latest messages, hidden ones included. */
export const chatRoomQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  before: z
    .string()
    .regex(/^[1-9]\d{0,18}$/)
    .optional(),
});
export const chatRoomMessageSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string(),
  text: z.string(),
  created_at: z.string(),
  hidden: z.boolean(),
  author_muted_until: z.string().nullable(),
});
export const chatRoomResponseSchema = z.object({ data: z.array(chatRoomMessageSchema) });

/** GET /api/operator/support/threads?state=: open (player spoke last), waiting, closed. */
export const supportThreadStates = ['open', 'waiting', 'closed'] as const;
