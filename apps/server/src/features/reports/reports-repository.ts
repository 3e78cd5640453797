import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ReportDimension, ReportPeriod } from '../../db/schema';

/**
 * Reads of the summaries (never of the ledger itself: a year answers from a few thousand
 * summary rows). Dates are the summaries' local days, 'YYYY-MM-DD'; ranges are [from, to).
 * Every number comes back as the database's integer text.
 */

/** The bonus money's figures: summed under these names, answered under the same. */
export const bonusMetrics = [
  'bonus_stakes',
  'bonus_refunds',
  'bonus_wins',
  'bonus_granted',
  'bonus_converted',
  'bonus_forfeited',
] as const;

export const summaryMetrics = [
  'stakes',
  'bets',
  'refunds',
  'refunds_count',
  'wins',
  'provider_adjustments',
  ...bonusMetrics,
  'deposits',
  'deposits_count',
  'first_deposits',
  'first_deposits_count',
  'withdrawals',
  'withdrawals_count',
  'withdrawals_returned',
  'withdrawals_returned_count',
  'operator_adjustments',
] as const;
export type SummaryMetric = (typeof summaryMetrics)[number];

export type SummaryRow = Record<SummaryMetric, string> & {
  period_start: string;
  key: string;
  key2: string;
  currency: string;
  withdrawals_paid: string;
  withdrawals_paid_count: string;
  active_players: string;
};

export interface SummaryQuery {
  zone: string;
  period: ReportPeriod;
  dimension: ReportDimension;
  /** Inclusive; the start of a period. */
  from: string;
  /** Exclusive; the start of a period. */
  to: string;
}

/**
 * A local date's period start; `day` is an SQL date expression. For weeks and months it is
 * the expression of the indexes report_daily_week and report_daily_month (migration 0030), so
 * the planner reads a week's or month's cells in the report's order from them.
 */
export function bucket(period: ReportPeriod, day: SQL): SQL {
  if (period === 'day') return day;
  return sql`date_trunc(${sql.raw(`'${period}'`)}, (${day})::timestamp)::date`;
}

/**
 * A read without JIT compilation: PostgreSQL would otherwise compile these short aggregate
 * queries (costed on the whole year) for longer than they take to run.
 */
async function withoutJit<T>(db: Database, read: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}

export type LiabilityRow = {
  day: string;
  currency: string;
  /** Everything players hold at the end of `day`: cash and bonus. */
  total: string;
  bonus: string;
};

/**
 * The casino's liability at the end of each local day of [from, to): every balance starts at
 * 0 and moves only by ledger rows, so the sum of all balances is the sum of every row's amount
 * up to that moment, and the bonus part the sum of their bonus_amount.
 */
export async function readLiability(
  db: Database,
  range: { from: string; to: string },
): Promise<LiabilityRow[]> {
  const { rows } = await withoutJit(db, (tx) =>
    tx.execute<LiabilityRow>(sql`
    with currencies as (
      select distinct currency from report_daily where dimension = 'all'
    ),
    days as (
      select d::date as day, c.currency
      from generate_series(${range.from}::date, ${range.to}::date - 1, interval '1 day') as d
      cross join currencies c
    ),
    before as (
      select currency, sum(balance_change) as total, sum(bonus_balance_change) as bonus
      from report_daily where dimension = 'all' and day < ${range.from}::date
      group by currency
    ),
    inside as (
      select day, currency, sum(balance_change) as total, sum(bonus_balance_change) as bonus
      from report_daily
      where dimension = 'all' and day >= ${range.from}::date and day < ${range.to}::date
      group by day, currency
    )
    select d.day::text as day, d.currency,
      (coalesce(b.total, 0) + sum(coalesce(i.total, 0))
        over (partition by d.currency order by d.day))::text as total,
      (coalesce(b.bonus, 0) + sum(coalesce(i.bonus, 0))
        over (partition by d.currency order by d.day))::text as bonus
    from days d
    left join before b on b.currency = d.currency
    left join inside i on i.day = d.day and i.currency = d.currency
    order by d.currency, d.day`),
  );
  return rows;
}

export type JobStateRow = {
  time_zone: string;
  watermark: string;
  watermark_at: string | null;
};

export async function readJobState(db: Database): Promise<JobStateRow | undefined> {
  const { rows } = await db.execute<JobStateRow>(sql`
    select time_zone, watermark::text as watermark,
      to_char(watermark_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as watermark_at
    from report_job_state where name = 'ledger'`);
  return rows[0];
}
