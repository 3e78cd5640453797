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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('wallets_balance_non_negative', sql`${t.balance} >= 0`),
    check('wallets_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
