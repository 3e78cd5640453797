import type { ReportCursor } from '@casino/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ReportPeriod } from '../../db/schema';
import { bucket, summaryMetrics, type SummaryQuery, type SummaryRow } from './reports-repository';

/**
 * The summary report a page at a time (decision 095): one statement reads the page's rows and,
 * when asked, the number of cells of the whole range, so the two see the same summaries and a
 * request costs one round trip. Each side of the page is read in the report's order from the
 * cursor on and stops at the page: the statement is costed at a few thousand, far below
 * `jit_above_cost`, so no JIT guard (and no transaction) is needed.
 */

export interface SummaryPageQuery extends SummaryQuery {
  /** The page starts after the row with these keys (the report's order); the first without. */
  after?: ReportCursor | undefined;
  /** At most this many rows. */
  limit: number;
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
export function summaryPageStatement(q: SummaryPageQuery, options: { count: boolean }): SQL {
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
    ),
    page as (
      select cells.*, coalesce(a.players, 0)::text as active_players
      from cells
      -- limit 1 keeps this a lookup per cell (the key is unique) rather than a join of the
      -- whole period's counts.
      left join lateral (
        select players from report_active_counts a
        where a.period = ${q.period} and a.dimension = ${q.dimension}
          and a.period_start = cells.period_start and a.key = cells.key and a.key2 = cells.key2
        limit 1
      ) a on true
    )
    select page.period_start::text as period_start, page.key, page.key2, page.currency,
      ${sql.join(
        [...summaryMetrics, 'withdrawals_paid', 'withdrawals_paid_count', 'active_players'].map(
          (m) => sql`page.${sql.identifier(m)}`,
        ),
        sql`, `,
      )}
      ${options.count ? sql`, total.cells as total` : sql``}
    -- With the count: one row more than the page when it is empty (its cells null).
    from ${options.count ? sql`(select ${cellCount(q)} as cells) total left join page on true` : sql`page`}
    order by page.period_start, page.key, page.key2, page.currency`;
}

/**
 * The number of cells of the whole range: those with money (an index-only count in the
 * report's order) and those with only paid withdrawals.
 */
function cellCount(q: SummaryQuery): SQL {
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
  return sql`(
      (${money})
      + (select count(*) from (
        select ${b} as period_start, key, key2, currency from report_paid_daily
        where dimension = ${q.dimension} and day >= ${q.from}::date and day < ${q.to}::date
        group by ${cellOrder}) paid
        where not exists (
          select 1 from report_daily s
          where s.dimension = ${q.dimension} and ${bucket(q.period, sql`s.day`)} = paid.period_start
            and s.key = paid.key and s.key2 = paid.key2 and s.currency = paid.currency))
    )::int`;
}

/**
 * One page of the report (`limit` rows after `after`), with the number of cells of the whole
 * range when `count` is asked.
 */
export async function readSummaryPage(
  db: Database,
  q: SummaryPageQuery,
  options: { count: boolean },
): Promise<{ rows: SummaryRow[]; total: number | undefined }> {
  const { rows } = await db.execute<SummaryRow & { total?: number }>(
    summaryPageStatement(q, options),
  );
  return {
    // The row of an empty page's count has no cell.
    rows: rows.filter((row) => row.period_start !== null),
    total: options.count ? Number(rows[0]?.total ?? 0) : undefined,
  };
}
