import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * One wallet per player, created with the account. The balance is an integer count of
 * THOUSANDTHS of the currency unit: every provider's amounts (cents, or three decimals)
 * fit it exactly, and no float ever touches it (see features/wallet/money.ts). The ledger
 * that changes it comes with its own issue.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    currency: text('currency').notNull().default('USD'),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * The bonus pocket: the part of `balance` that is bonus money of the active bonus
     * (`bonus_id`); cash is `balance - bonus_balance` (docs/decisions/039).
     */
    bonusBalance: bigint('bonus_balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The player's active bonus (player_bonuses.id), or null: one at a time. */
    bonusId: bigint('bonus_id', { mode: 'bigint' }),
    /**
     * The bonus part of the last posting: UPDATE … RETURNING sees only new values, so the
     * posting's statement stores the part it moved here for its INSERT to copy.
     */
    bonusMoved: bigint('bonus_moved', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
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
