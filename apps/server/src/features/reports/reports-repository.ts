import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ReportCursor } from '@casino/contracts';
import type { ReportDimension, ReportPeriod } from '../../db/schema';

/**
 * Reads of the summaries (never of the ledger itself: a year answers from a few thousand
 * summary rows). Dates are the summaries' local days, 'YYYY-MM-DD'; ranges are [from, to).
 * Every number comes back as the database's integer text.
 */

export const summaryMetrics = [
  'stakes',
  'bets',
  'refunds',
  'refunds_count',
  'wins',
  'provider_adjustments',
  'bonus_stakes',
  'bonus_refunds',
  'bonus_wins',
  'bonus_granted',
  'bonus_converted',
  'bonus_forfeited',
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

export interface SummaryPageQuery extends SummaryQuery {
  /** The page starts after the row with these keys (the report's order); the first without. */
  after?: ReportCursor | undefined;
  /** At most this many rows. */
  limit: number;
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
async function withoutJit<T>(
  db: Database,
  read: (tx: Database) => Promise<T>,
  options: { oneSnapshot?: boolean } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    // Every statement of the read sees the same summaries (the job commits meanwhile).
    if (options.oneSnapshot) await tx.execute(sql`set transaction isolation level repeatable read`);
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}

/** The report's order: period start, key (provider or country), key2 (game), currency. */
const cellOrder = sql`1, 2, 3, 4`;

function afterCursor(period: ReportPeriod, after: ReportCursor | undefined): SQL {
  if (!after) return sql``;
  const [start, key, key2, currency] = after;
  return sql`and (${bucket(period, sql`day`)}, key, key2, currency)
    > (${start}::date, ${key}::text, ${key2}::text, ${currency}::text)`;
}

/**
 * One page of the report: the first `limit` cells after the cursor, in the report's order.
 * Each side (money from report_daily, paid withdrawals from report_paid_daily) is read in that
 * order from the cursor on and stops at `limit` cells, so a page costs its own rows whatever
 * the range: report_daily through its primary key (days) or report_daily_week/_month (decision
 * 095; EXPLAIN in `npm run bench:reports`). Active players are looked up per cell of the page.
 */
export function summaryPageStatement(q: SummaryPageQuery): SQL {
  const b = bucket(q.period, sql`day`);
  const after = afterCursor(q.period, q.after);
  const sums = sql.join(
    summaryMetrics.map((m) => sql`sum(${sql.identifier(m)})::text as ${sql.identifier(m)}`),
    sql`, `,
  );
  const picks = sql.join(
    summaryMetrics.map((m) => sql`coalesce(s.${sql.identifier(m)}, '0') as ${sql.identifier(m)}`),
    sql`, `,
  );
  return sql`
    with s as (
      select ${b} as period_start, key, key2, currency, ${sums}
      from report_daily
      where dimension = ${q.dimension} and ${b} >= ${q.from}::date and ${b} < ${q.to}::date
        ${after}
      group by ${cellOrder} order by ${cellOrder} limit ${q.limit}
    ),
    paid as (
      select ${b} as period_start, key, key2, currency,
        sum(paid_count)::text as withdrawals_paid_count, sum(paid)::text as withdrawals_paid
      from report_paid_daily
      where dimension = ${q.dimension} and day >= ${q.from}::date and day < ${q.to}::date
        ${after}
      group by ${cellOrder} order by ${cellOrder} limit ${q.limit}
    ),
    cells as (
      select coalesce(s.period_start, paid.period_start) as period_start,
        coalesce(s.key, paid.key) as key, coalesce(s.key2, paid.key2) as key2,
        coalesce(s.currency, paid.currency) as currency, ${picks},
        coalesce(paid.withdrawals_paid, '0') as withdrawals_paid,
        coalesce(paid.withdrawals_paid_count, '0') as withdrawals_paid_count
      from s
      full join paid on paid.period_start = s.period_start and paid.key = s.key
        and paid.key2 = s.key2 and paid.currency = s.currency
      order by ${cellOrder} limit ${q.limit}
    )
    select cells.period_start::text as period_start, cells.key, cells.key2, cells.currency,
      ${sql.join(
        [...summaryMetrics, 'withdrawals_paid', 'withdrawals_paid_count'].map(
          (m) => sql`cells.${sql.identifier(m)}`,
        ),
        sql`, `,
      )},
      coalesce(a.players, 0)::text as active_players
    from cells
    -- limit 1 keeps this a lookup per cell (the key is unique) rather than a join of the
    -- whole period's counts.
    left join lateral (
      select players from report_active_counts a
      where a.period = ${q.period} and a.dimension = ${q.dimension}
        and a.period_start = cells.period_start and a.key = cells.key and a.key2 = cells.key2
      limit 1
    ) a on true
    order by cells.period_start, cells.key, cells.key2, cells.currency`;
}

/**
 * The number of cells of the whole range: those with money (an index-only count in the
 * report's order) and those with only paid withdrawals.
 */
function summaryCountStatement(q: SummaryQuery): SQL {
  const b = bucket(q.period, sql`day`);
  // A day's cells are the primary key's rows; a week's or month's are groups of them, read
  // in order from report_daily_week/_month without a visit of the table.
  const money =
    q.period === 'day'
      ? sql`select count(*) from report_daily
          where dimension = ${q.dimension} and day >= ${q.from}::date and day < ${q.to}::date`
      : sql`select count(*) from (
          select 1 from report_daily
          where dimension = ${q.dimension} and ${b} >= ${q.from}::date and ${b} < ${q.to}::date
          group by ${b}, key, key2, currency) cells`;
  return sql`
    select (
      (${money})
      + (select count(*) from (
        select ${b} as period_start, key, key2, currency from report_paid_daily
        where dimension = ${q.dimension} and day >= ${q.from}::date and day < ${q.to}::date
        group by ${cellOrder}) paid
        where not exists (
          select 1 from report_daily s
          where s.dimension = ${q.dimension} and ${bucket(q.period, sql`s.day`)} = paid.period_start
            and s.key = paid.key and s.key2 = paid.key2 and s.currency = paid.currency))
    )::int as total`;
}

/**
 * One page of the report (`limit` rows after `after`), with the number of cells of the whole
 * range when `count` is asked, both read in one snapshot.
 */
export async function readSummaryPage(
  db: Database,
  q: SummaryPageQuery,
  options: { count: boolean },
): Promise<{ rows: SummaryRow[]; total: number | undefined }> {
  return withoutJit(
    db,
    async (tx) => {
      const { rows } = await tx.execute<SummaryRow>(summaryPageStatement(q));
      if (!options.count) return { rows, total: undefined };
      const counted = await tx.execute<{ total: number }>(summaryCountStatement(q));
      return { rows, total: Number(counted.rows[0]?.total ?? 0) };
    },
    { oneSnapshot: options.count },
  );
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
