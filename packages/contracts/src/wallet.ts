import { z } from 'zod';
import { localizedTextSchema } from './bonus';
import { cryptoNetworks, paymentMethodKinds } from './payments';
import { moneySchema } from './user';

/** The kinds of movement a player's statement shows (the ledger's kinds). */
export const walletEntryKinds = [
  'bet',
  'win',
  'refund',
  'deposit',
  'withdrawal',
  /** A withdrawal's money given back: canceled by the player, rejected, or failed to pay. */
  'withdrawal_reversal',
  'bonus',
  'adjustment',
] as const;
export type WalletEntryKind = (typeof walletEntryKinds)[number];

export const walletTransactionsPageLimit = 100;

/** GET /wallet/transactions: newest first; `before` is the `next_before` of the last page. */
export const walletTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(walletTransactionsPageLimit).default(20),
  before: z
    .string()
    .regex(/^[1-9]\d{0,18}$/)
    .optional(),
});
export type WalletTransactionsQuery = z.input<typeof walletTransactionsQuerySchema>;

export const walletTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(walletEntryKinds),
  /** Signed decimal string: "-1.50" for a bet, "3.00" for a win. */
  amount: moneySchema,
  balance_after: moneySchema,
  currency: z.string(),
  /** The game studio's slug, or null for the operator's own movements. */
  provider: z.string().nullable(),
  /** The provider's own game id. */
  game_id: z.string().nullable(),
  /** The game's display name from our catalog; null for no game or one the catalog lacks. */
  game_name: z.string().nullable(),
  round_id: z.string().nullable(),
  created_at: z.string(),
  /**
   * The cashier's payment behind a deposit, a withdrawal or a withdrawal given back; null
   * for every other row. A card is named by its brand and last four digits, never more.
   */
  payment: z
    .object({
      method: z.enum(paymentMethodKinds),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
      network: z.enum(cryptoNetworks).nullable(),
    })
    .nullable(),
  /** The bonus behind a bonus movement: its promo code, if claimed with one, and its offer. */
  bonus: z.object({ code: z.string().nullable(), title: localizedTextSchema }).nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsResponseSchema = z.object({
  data: z.array(walletTransactionSchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next_before: z.string().nullable(),
});
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponseSchema>;

/**
 * GET /wallet/stream (text/event-stream): one `balance` event with the current balance as
 * soon as the stream opens, then one per change of the player's balance. Each event's
 * `data` is this JSON object; comment lines (": ping") keep the connection alive.
 */
export const walletBalanceEventName = 'balance';
export const walletBalanceEventSchema = z.object({
  balance: moneySchema,
  currency: z.string(),
  /** The balance split (balance = cash + bonus); bonus money is still to be wagered. */
  cash: moneySchema,
  bonus: moneySchema,
});
export type WalletBalanceEvent = z.infer<typeof walletBalanceEventSchema>;

/** Streams one player may hold open at once; the next one is answered 429. */
export const walletStreamsPerPlayer = 5;

/** Error codes of the wallet's own answers (beside the general ones in errors.ts). */
export const walletErrorCodes = {
  /** An operator debit that would take the balance below zero. */
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  /** An idempotency key used before for a different adjustment. */
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  /** No player (or no wallet) for the id, e-mail or username given. */
  PLAYER_NOT_FOUND: 'PLAYER_NOT_FOUND',
} as const;
export type WalletErrorCode = (typeof walletErrorCodes)[keyof typeof walletErrorCodes];

/**
 * POST /operator/wallet/adjustments (operator token): credits or debits a player. `amount`
 * is signed, with exactly two decimals ("100.00", "-5.00"), never zero.
 */
export const operatorAdjustmentRequestSchema = z.object({
  /** A player's id, e-mail address or username. */
  user: z.string().trim().min(1).max(254),
  amount: z
    .string()
    .regex(/^-?\d{1,9}\.\d{2}$/, { error: 'must be a signed decimal with two places, e.g. 100.00' })
    .refine((value) => !/^-?0+\.00$/.test(value), { error: 'must not be zero' }),
  reason: z.string().trim().min(1).max(500),
  /** Sending the same key again moves nothing and answers the first posting. */
  idempotencyKey: z.string().min(1).max(200),
});
export type OperatorAdjustmentRequest = z.infer<typeof operatorAdjustmentRequestSchema>;

export const operatorAdjustmentResponseSchema = z.object({
  /** `replayed`: the key was used before with the same content; nothing moved this time. */
  outcome: z.enum(['applied', 'replayed']),
  transaction_id: z.string(),
  user_id: z.string(),
  /** The adjustment, signed. */
  amount: moneySchema,
  /** Right after the (first) application. */
  balance_after: moneySchema,
  /** The wallet's balance now. */
  balance: moneySchema,
  currency: z.string(),
});
export type OperatorAdjustmentResponse = z.infer<typeof operatorAdjustmentResponseSchema>;
