// The summary report's pages as `bench:reports` times them (decision 095): the first page and
// the last (reached by following `next`), each the median of 5 after a warm-up, the slowest of
// the walk through every page, and the indexes PostgreSQL's plan of a page reads.
import { performance } from 'node:perf_hooks';
import {
  reportSummaryQuerySchema,
  type ReportGrouping,
  type ReportPeriodName,
} from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { widen } from '../src/features/reports/report-periods';
import { summaryPageStatement } from '../src/features/reports/summary-page';
import type { ReportsService } from '../src/features/reports/reports-service';
import { benchYear } from './bench-reports-data';
import { quantiles } from './bench-support';

export interface TimedPages {
  rows: number;
  pages: number;
  firstMs: number;
  lastMs: number;
  slowestMs: number;
  /** The indexes of the first page's plan (EXPLAIN), comma-separated. */
  indexes: string;
}

async function median(op: () => Promise<unknown>, runs = 5): Promise<number> {
  await op();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await op();
    times.push(performance.now() - started);
  }
  return quantiles(times)(0.5);
}

/** Every "Index Name" of a JSON plan, once each, in the order met. */
function indexNames(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const item of plan) indexNames(item, into);
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Index Name' && typeof value === 'string') into.add(value);
      else indexNames(value, into);
    }
  }
  return into;
}

/** The indexes the first page's statement reads (money, paid withdrawals, active players, the
 * count), and the planner's cost of it. */
export async function explainIndexes(
  db: Database,
  period: ReportPeriodName,
  by: ReportGrouping,
  limit: number,
): Promise<string> {
  const { start, end } = widen(period, benchYear.from, benchYear.to);
  const statement = summaryPageStatement(
    { zone: 'UTC', period, dimension: by, from: start, to: end, limit },
    { count: true },
  );
  const { rows } = await db.execute<{ 'QUERY PLAN': unknown }>(
    sql`explain (format json) ${statement}`,
  );
  const plan = rows[0]?.['QUERY PLAN'];
  // The statement runs without a JIT guard: its cost must stay below jit_above_cost (100,000).
  const cost = (plan as [{ Plan?: { 'Total Cost'?: number } }] | undefined)?.[0]?.Plan?.[
    'Total Cost'
  ];
  return `${[...indexNames(plan)].join(', ')} (cost ${Math.round(cost ?? 0)})`;
}

/** The summary over the bench's year, a page at a time. */
export async function timePages(
  db: Database,
  service: ReportsService,
  period: ReportPeriodName,
  by: ReportGrouping,
): Promise<TimedPages> {
  const query = (after: string | null) =>
    reportSummaryQuerySchema.parse({ ...benchYear, period, by, ...(after ? { after } : {}) });
  const firstMs = await median(() => service.summary(query(null)));
  let after: string | null = null;
  let lastAfter: string | null = null;
  let rows = 0;
  let pages = 0;
  let slowestMs = 0;
  do {
    const started = performance.now();
    const answer = await service.summary(query(after));
    slowestMs = Math.max(slowestMs, performance.now() - started);
    rows += answer.rows.length;
    pages += 1;
    lastAfter = after;
    after = answer.next;
  } while (after);
  const lastMs = pages === 1 ? firstMs : await median(() => service.summary(query(lastAfter)));
  const first = await service.summary(query(null));
  return {
    rows,
    pages,
    firstMs,
    lastMs,
    slowestMs,
    indexes: await explainIndexes(db, period, by, first.page_size + 1),
  };
}
