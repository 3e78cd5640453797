import {
  reportPageSize,
  type ReportCursor,
  type ReportLiabilityResponse,
  type ReportSummaryCsvQuery,
  type ReportSummaryQuery,
  type ReportSummaryResponse,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import { formatMoney } from '../wallet';
import { addDays, widen } from './report-periods';
import { csvColumns, csvLine, reportRowView } from './report-view';
import {
  readJobState,
  readLiability,
  type SummaryQuery,
  type SummaryRow,
} from './reports-repository';
import { readSummaryPage } from './summary-page';

/**
 * The reports as the routes answer them. Each answer names its time zone and how far the
 * summaries reach (the job runs every few seconds, so the last moments may be missing).
 */
export interface ReportsService {
  readonly timeZone: string;
  /** One page of the rows (`pageSize`), the first or the one after `query.after`. */
  summary(query: ReportSummaryQuery): Promise<ReportSummaryResponse>;
  /** Every row of the range as CSV, read a page at a time (one page in memory at a time). */
  summaryCsv(query: ReportSummaryCsvQuery): AsyncGenerator<string>;
  /** Liability at the end of `from`, or of each day of [from, to]. */
  liability(query: { from: string; to?: string | undefined }): Promise<ReportLiabilityResponse>;
}

const cursorOf = (row: SummaryRow): ReportCursor => [
  row.period_start,
  row.key,
  row.key2,
  row.currency,
];

export function createReportsService(deps: {
  db: Database;
  timeZone: string;
  /** Rows per page; `reportPageSize` unless a test pages smaller. */
  pageSize?: number;
}): ReportsService {
  const { db, timeZone } = deps;
  const pageSize = deps.pageSize ?? reportPageSize;

  const range = (query: ReportSummaryCsvQuery): SummaryQuery => {
    const { start, end } = widen(query.period, query.from, query.to);
    return { zone: timeZone, period: query.period, dimension: query.by, from: start, to: end };
  };

  async function coverage() {
    const state = await readJobState(db);
    // Summaries of another zone are being rebuilt: nothing of this zone is summarised yet.
    if (!state || state.time_zone !== timeZone) return { ledger_id: '0', at: null };
    return { ledger_id: state.watermark, at: state.watermark_at };
  }

  return {
    timeZone,

    async summary(query) {
      const read = range(query);
      // One row more than the page: whether there is a next page, without another query.
      const [covered, { rows, total = 0 }] = await Promise.all([
        coverage(),
        readSummaryPage(db, { ...read, after: query.after, limit: pageSize + 1 }, { count: true }),
      ]);
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        time_zone: timeZone,
        period: query.period,
        by: query.by,
        from: read.from,
        to: addDays(read.to, -1),
        summarised_through: covered,
        rows: page.map((row) => reportRowView(row, query.by)),
        page_size: pageSize,
        total_rows: total,
        total_pages: Math.ceil(total / pageSize),
        next: rows.length > pageSize && last ? JSON.stringify(cursorOf(last)) : null,
      };
    },

    async *summaryCsv(query) {
      const read = range(query);
      yield csvLine([`# time_zone=${timeZone}`]);
      yield csvLine(csvColumns);
      let after: ReportCursor | undefined;
      for (;;) {
        const { rows } = await readSummaryPage(
          db,
          { ...read, after, limit: pageSize },
          { count: false },
        );
        const last = rows.at(-1);
        if (!last) return;
        yield rows
          .map((row) => {
            const view = reportRowView(row, query.by);
            return csvLine(csvColumns.map((column) => view[column]));
          })
          .join('');
        if (rows.length < pageSize) return;
        after = cursorOf(last);
      }
    },

    async liability(query) {
      const to = query.to ?? query.from;
      const covered = await coverage();
      const rows = await readLiability(db, { from: query.from, to: addDays(to, 1) });
      return {
        time_zone: timeZone,
        summarised_through: covered,
        rows: rows.map((row) => {
          const total = BigInt(row.total);
          const bonus = BigInt(row.bonus);
          return {
            date: row.day,
            currency: row.currency,
            cash: formatMoney(total - bonus),
            bonus: formatMoney(bonus),
            total: formatMoney(total),
          };
        }),
      };
    },
  };
}
