import type { ReportPeriod } from '../../db/schema';

/**
 * Calendar arithmetic on local dates ('YYYY-MM-DD'), done on UTC midnights so no zone or
 * daylight-saving change can shift a day. Weeks start on Monday (ISO), as PostgreSQL's
 * date_trunc('week') does in the summaries.
 */

const dayMs = 86_400_000;

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return iso(new Date(toUtc(date).getTime() + days * dayMs));
}

/** The first day of the period holding `date`. */
export function periodStart(period: ReportPeriod, date: string): string {
  const d = toUtc(date);
  if (period === 'day') return date;
  if (period === 'week') return addDays(date, -((d.getUTCDay() + 6) % 7));
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriod(period: ReportPeriod, start: string): string {
  if (period === 'day') return addDays(start, 1);
  if (period === 'week') return addDays(start, 7);
  const d = toUtc(start);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/**
 * [from, to] (inclusive) widened to whole periods, as [start, end): a week or month is
 * counted whole or not at all, so its active players are its own and not a part's.
 */
export function widen(
  period: ReportPeriod,
  from: string,
  to: string,
): { start: string; end: string } {
  return { start: periodStart(period, from), end: nextPeriod(period, periodStart(period, to)) };
}
