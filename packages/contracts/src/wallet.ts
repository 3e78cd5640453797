import { z } from 'zod';
import { moneySchema } from './user';

/** The kinds of movement a player's statement shows (the ledger's kinds). */
export const walletEntryKinds = [
  'bet',
  'win',
  'refund',
  'deposit',
  'withdrawal',
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
  game_id: z.string().nullable(),
  round_id: z.string().nullable(),
  created_at: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsResponseSchema = z.object({
  data: z.array(walletTransactionSchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next_before: z.string().nullable(),
});
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponseSchema>;
