import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The reports' summaries of the ledger (features/reports, docs/decisions/075 and 076). Written
 * only by the reports job, which reads `ledger_entries` after its watermark; rebuilt from the
 * ledger whenever REPORTS_TIME_ZONE changes (the days are that zone's).
 */

/** The job's progress: every ledger row with id ≤ watermark is in the summaries, once. */
export const reportJobState = pgTable('report_job_state', {
  /** One row, 'ledger'. */
  name: text('name').primaryKey(),
  /** The IANA zone the summaries' days are in. */
  timeZone: text('time_zone').notNull(),
  watermark: bigint('watermark', { mode: 'bigint' }).notNull(),
  /** created_at of the watermark's row: how far the summaries reach in time. */
  watermarkAt: timestamp('watermark_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const reportDimensions = ['all', 'provider', 'game', 'country'] as const;
export type ReportDimension = (typeof reportDimensions)[number];

const dimensionCheck = (column: unknown) =>
  sql`${column} in ('all', 'provider', 'game', 'country')`;

/**
 * Money per local day, per dimension: `all` (key ''), `provider` (key = slug, 'operator' for
 * payments and bonus movements), `game` (key = provider, key2 = game id, '' for none), `country`
 * (key = the player's ISO code, '' unknown). Magnitudes in thousandths, see decision 075.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: reportDimensions }).notNull(),
    key: text('key').notNull(),
    key2: text('key2').notNull(),
    currency: text('currency').notNull(),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull(),
    bets: bigint('bets', { mode: 'bigint' }).notNull(),
    refunds: bigint('refunds', { mode: 'bigint' }).notNull(),
    refundsCount: bigint('refunds_count', { mode: 'bigint' }).notNull(),
    wins: bigint('wins', { mode: 'bigint' }).notNull(),
    /** A provider's signed re-settlements (player's side: + credited). */
    providerAdjustments: bigint('provider_adjustments', { mode: 'bigint' }).notNull(),
    bonusStakes: bigint('bonus_stakes', { mode: 'bigint' }).notNull(),
    bonusRefunds: bigint('bonus_refunds', { mode: 'bigint' }).notNull(),
    bonusWins: bigint('bonus_wins', { mode: 'bigint' }).notNull(),
    bonusGranted: bigint('bonus_granted', { mode: 'bigint' }).notNull(),
    bonusConverted: bigint('bonus_converted', { mode: 'bigint' }).notNull(),
    bonusForfeited: bigint('bonus_forfeited', { mode: 'bigint' }).notNull(),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull(),
    depositsCount: bigint('deposits_count', { mode: 'bigint' }).notNull(),
    firstDeposits: bigint('first_deposits', { mode: 'bigint' }).notNull(),
    firstDepositsCount: bigint('first_deposits_count', { mode: 'bigint' }).notNull(),
    withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull(),
    withdrawalsCount: bigint('withdrawals_count', { mode: 'bigint' }).notNull(),
    /** Withdrawals given back (rejected, cancelled, payout failed): withdrawal_reversal rows. */
    withdrawalsReturned: bigint('withdrawals_returned', { mode: 'bigint' }).notNull(),
    withdrawalsReturnedCount: bigint('withdrawals_returned_count', { mode: 'bigint' }).notNull(),
    /** Staff adjustments, signed (player's side). */
    operatorAdjustments: bigint('operator_adjustments', { mode: 'bigint' }).notNull(),
    /** Sum of every row's amount: the day's change of the casino's liability. */
    balanceChange: bigint('balance_change', { mode: 'bigint' }).notNull(),
    /** Sum of every row's bonus_amount: the day's change of the bonus part of it. */
    bonusBalanceChange: bigint('bonus_balance_change', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    // A report by day reads its cells in its order from the primary key; by week and by
    // month from these, whose second column is the period's first day (the reports'
    // `bucket` expression, matched by the planner) and whose last lets a count read the
    // index alone (decision 095).
    primaryKey({ columns: [t.dimension, t.day, t.key, t.key2, t.currency] }),
    index('report_daily_week').on(
      t.dimension,
      sql`(date_trunc('week', (${t.day})::timestamp)::date)`,
      t.key,
      t.key2,
      t.currency,
      t.day,
    ),
    index('report_daily_month').on(
      t.dimension,
      sql`(date_trunc('month', (${t.day})::timestamp)::date)`,
      t.key,
      t.key2,
      t.currency,
      t.day,
    ),
    check('report_daily_dimension', dimensionCheck(t.dimension)),
  ],
);

export const reportPeriods = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/**
 * Who bet in a period (local day, ISO week from Monday, month) per dimension: distinct counts
 * do not add up across days or games, so each is kept by membership.
 */
export const reportActivePlayers = pgTable(
  'report_active_players',
  {
    period: text('period', { enum: reportPeriods }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: reportDimensions }).notNull(),
    key: text('key').notNull(),
    key2: text('key2').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.period, t.dimension, t.periodStart, t.key, t.key2, t.userId],
    }),
  ],
);

/** The number of members of each cell above, raised by the job as members join. */
export const reportActiveCounts = pgTable(
  'report_active_counts',
  {
    period: text('period', { enum: reportPeriods }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: reportDimensions }).notNull(),
    key: text('key').notNull(),
    key2: text('key2').notNull(),
    players: bigint('players', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.dimension, t.periodStart, t.key, t.key2] })],
);

/**
 * Each player's first deposit (the smallest ledger id of their deposits), filled by the job in
 * ledger order: a deposit is a first deposit when it is the one recorded here.
 */
export const reportDepositors = pgTable('report_depositors', {
  userId: uuid('user_id').primaryKey(),
  firstEntryId: bigint('first_entry_id', { mode: 'bigint' }).notNull(),
});

/**
 * Withdrawals paid per local day and cell (payments, not ledger rows: the money left at the
 * request). `paid` is final and stamped by `updated_at`, so the job recomputes only the last
 * two days on each run (decision 076) and the whole table after a rebuild.
 */
export const reportPaidDaily = pgTable(
  'report_paid_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: reportDimensions }).notNull(),
    key: text('key').notNull(),
    key2: text('key2').notNull(),
    currency: text('currency').notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    paidCount: bigint('paid_count', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.key, t.key2, t.currency] })],
);
