import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, int8, int8Zero, updatedAt } from './columns';
import { userKey } from './accounts';

/**
 * One wallet per player, created with the account. The balance is an integer count of
 * THOUSANDTHS of the currency unit: every provider's amounts (cents, or three decimals)
 * fit it exactly, and no float ever touches it (see features/wallet/money.ts). The ledger
 * that changes it comes with its own issue.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: userKey(),
    currency: text('currency').notNull().default('USD'),
    balance: int8Zero('balance'),
    /**
     * The bonus pocket: the part of `balance` that is bonus money of the active bonus
     * (`bonus_id`); cash is `balance - bonus_balance` (docs/decisions/039).
     */
    bonusBalance: int8Zero('bonus_balance'),
    /** The player's active bonus (player_bonuses.id), or null: one at a time. */
    bonusId: int8('bonus_id'),
    /**
     * The bonus part of the last posting: UPDATE … RETURNING sees only new values, so the
     * posting's statement stores the part it moved here for its INSERT to copy.
     */
    bonusMoved: int8Zero('bonus_moved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // No negative balance, a currency code, a bonus pocket within the balance and only with
    // an active bonus: one check calling wallet_rules (migration 0038, decision 112), as the
    // ledger's rows, since a posting's UPDATE otherwise reads and compiles four checks.
    check(
      'wallets_rules',
      sql`wallet_rules(${t.balance}, ${t.bonusBalance}, ${t.bonusId}, ${t.currency})`,
    ),
  ],
);
