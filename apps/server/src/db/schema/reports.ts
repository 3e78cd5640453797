import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { int8, timestamptz, updatedAt } from './columns';

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
  watermark: int8('watermark').notNull(),
  /** created_at of the watermark's row: how far the summaries reach in time. */
  watermarkAt: timestamptz('watermark_at'),
  updatedAt: updatedAt(),
});

export const reportDimensions = ['all', 'provider', 'game', 'country'] as const;
export type ReportDimension = (typeof reportDimensions)[number];

const dimensionCheck = (column: unknown) =>
  sql`${column} in ('all', 'provider', 'game', 'country')`;

/** A summary's cell by local day: the day, the dimension's key (and second key), the currency. */
const dayCell = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  dimension: text('dimension', { enum: reportDimensions }).notNull(),
  key: text('key').notNull(),
  key2: text('key2').notNull(),
  currency: text('currency').notNull(),
});

/** A day cell's primary key: a dimension's days in order, each day's cells together. */
const dayCellKey = (t: Record<keyof ReturnType<typeof dayCell>, AnyPgColumn>) =>
  primaryKey({ columns: [t.dimension, t.day, t.key, t.key2, t.currency] });

/**
 * Money per local day, per dimension: `all` (key ''), `provider` (key = slug, 'operator' for
 * payments and bonus movements), `game` (key = provider, key2 = game id, '' for none), `country`
 * (key = the player's ISO code, '' unknown). Magnitudes in thousandths, see decision 075.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    ...dayCell(),
    stakes: int8('stakes').notNull(),
    bets: int8('bets').notNull(),
    refunds: int8('refunds').notNull(),
    refundsCount: int8('refunds_count').notNull(),
    wins: int8('wins').notNull(),
    /** A provider's signed re-settlements (player's side: + credited). */
    providerAdjustments: int8('provider_adjustments').notNull(),
    bonusStakes: int8('bonus_stakes').notNull(),
    bonusRefunds: int8('bonus_refunds').notNull(),
    bonusWins: int8('bonus_wins').notNull(),
    bonusGranted: int8('bonus_granted').notNull(),
    bonusConverted: int8('bonus_converted').notNull(),
    bonusForfeited: int8('bonus_forfeited').notNull(),
    deposits: int8('deposits').notNull(),
    depositsCount: int8('deposits_count').notNull(),
    firstDeposits: int8('first_deposits').notNull(),
    firstDepositsCount: int8('first_deposits_count').notNull(),
    withdrawals: int8('withdrawals').notNull(),
    withdrawalsCount: int8('withdrawals_count').notNull(),
    /** Withdrawals given back (rejected, cancelled, payout failed): withdrawal_reversal rows. */
    withdrawalsReturned: int8('withdrawals_returned').notNull(),
    withdrawalsReturnedCount: int8('withdrawals_returned_count').notNull(),
    /** Staff adjustments, signed (player's side). */
    operatorAdjustments: int8('operator_adjustments').notNull(),
    /** Sum of every row's amount: the day's change of the casino's liability. */
    balanceChange: int8('balance_change').notNull(),
    /** Sum of every row's bonus_amount: the day's change of the bonus part of it. */
    bonusBalanceChange: int8('bonus_balance_change').notNull(),
  },
  (t) => [
    // A report by day reads its cells in its order from the primary key; by week and by
    // month from these, whose second column is the period's first day (the reports'
    // `bucket` expression, matched by the planner) and whose last lets a count read the
    // index alone (decision 095).
    dayCellKey(t),
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

/** A cell of the active players: the period and its start, the dimension's key (and second). */
const periodCell = () => ({
  period: text('period', { enum: reportPeriods }).notNull(),
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  dimension: text('dimension', { enum: reportDimensions }).notNull(),
  key: text('key').notNull(),
  key2: text('key2').notNull(),
});

/** A period cell's columns, in the order of its tables' primary keys. */
const periodCellKey = (t: Record<keyof ReturnType<typeof periodCell>, AnyPgColumn>) =>
  [t.period, t.dimension, t.periodStart, t.key, t.key2] as const;

/**
 * Who bet in a period (local day, ISO week from Monday, month) per dimension: distinct counts
 * do not add up across days or games, so each is kept by membership.
 */
export const reportActivePlayers = pgTable(
  'report_active_players',
  {
    ...periodCell(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [...periodCellKey(t), t.userId] })],
);

/** The number of members of each cell above, raised by the job as members join. */
export const reportActiveCounts = pgTable(
  'report_active_counts',
  {
    ...periodCell(),
    players: int8('players').notNull(),
  },
  (t) => [primaryKey({ columns: [...periodCellKey(t)] })],
);

/**
 * Each player's first deposit (the smallest ledger id of their deposits), filled by the job in
 * ledger order: a deposit is a first deposit when it is the one recorded here.
 */
export const reportDepositors = pgTable('report_depositors', {
  userId: uuid('user_id').primaryKey(),
  firstEntryId: int8('first_entry_id').notNull(),
});

/**
 * Withdrawals paid per local day and cell (payments, not ledger rows: the money left at the
 * request). `paid` is final and stamped by `updated_at`, so the job recomputes only the last
 * two days on each run (decision 076) and the whole table after a rebuild.
 */
export const reportPaidDaily = pgTable(
  'report_paid_daily',
  {
    ...dayCell(),
    paid: int8('paid').notNull(),
    paidCount: int8('paid_count').notNull(),
  },
  (t) => [dayCellKey(t)],
);
