import type {
  ReportLiabilityResponse,
  ReportSummaryQuery,
  ReportSummaryResponse,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import { formatMoney } from '../wallet';
import { addDays, nextPeriod, widen } from './report-periods';
import { csvColumns, csvLine, reportRowView } from './report-view';
import { readJobState, readLiability, readSummary } from './reports-repository';

/**
 * The reports as the routes answer them. Each answer names its time zone and how far the
 * summaries reach (the job runs every few seconds, so the last moments may be missing).
 */
export interface ReportsService {
  readonly timeZone: string;
  summary(query: ReportSummaryQuery): Promise<ReportSummaryResponse>;
  /** The same rows as CSV, one period's rows in memory at a time. */
  summaryCsv(query: ReportSummaryQuery): AsyncGenerator<string>;
  /** Liability at the end of `from`, or of each day of [from, to]. */
  liability(query: { from: string; to?: string | undefined }): Promise<ReportLiabilityResponse>;
}

export function createReportsService(deps: { db: Database; timeZone: string }): ReportsService {
  const { db, timeZone } = deps;

  async function coverage() {
    const state = await readJobState(db);
    // Summaries of another zone are being rebuilt: nothing of this zone is summarised yet.
    if (!state || state.time_zone !== timeZone) return { ledger_id: '0', at: null };
    return { ledger_id: state.watermark, at: state.watermark_at };
  }

  return {
    timeZone,

    async summary(query) {
      const { start, end } = widen(query.period, query.from, query.to);
      const covered = await coverage();
      const rows = await readSummary(db, {
        zone: timeZone,
        period: query.period,
        dimension: query.by,
        from: start,
        to: end,
      });
      return {
        time_zone: timeZone,
        period: query.period,
        by: query.by,
        from: start,
        to: addDays(end, -1),
        summarised_through: covered,
        rows: rows.map((row) => reportRowView(row, query.by)),
      };
    },

    async *summaryCsv(query) {
      const { start, end } = widen(query.period, query.from, query.to);
      yield csvLine([`# time_zone=${timeZone}`]);
      yield csvLine(csvColumns);
      for (let at = start; at < end; at = nextPeriod(query.period, at)) {
        const rows = await readSummary(db, {
          zone: timeZone,
          period: query.period,
          dimension: query.by,
          from: at,
          to: nextPeriod(query.period, at),
        });
        if (rows.length === 0) continue;
        yield rows
          .map((row) => {
            const view = reportRowView(row, query.by);
            return csvLine(csvColumns.map((column) => view[column]));
          })
          .join('');
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
