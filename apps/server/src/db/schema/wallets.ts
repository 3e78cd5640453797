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
    check('wallets_balance_non_negative', sql`${t.balance} >= 0`),
    check('wallets_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'wallets_bonus_within_balance',
      sql`${t.bonusBalance} >= 0 and ${t.bonusBalance} <= ${t.balance}`,
    ),
    check('wallets_bonus_needs_bonus', sql`${t.bonusId} is not null or ${t.bonusBalance} = 0`),
  ],
);
