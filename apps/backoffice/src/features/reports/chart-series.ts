import type { ReportPeriodName, ReportRow } from '@casino/contracts';

/** The figures the chart draws, each with the colour token it is drawn in. */
export const chartFigures = [
  { key: 'stakes', label: 'reports.columns.stakes', color: '--accent' },
  { key: 'wins', label: 'reports.columns.wins', color: '--gold' },
  { key: 'ggr', label: 'reports.columns.ggr', color: '--primary' },
  { key: 'ngr', label: 'reports.columns.ngr', color: '--danger' },
] as const;

export type ChartFigure = (typeof chartFigures)[number]['key'];

export interface ChartData {
  currency: string;
  /** Seconds since the epoch of each period's first day (UTC midnight: the label's date). */
  starts: number[];
  /** One array per figure of `chartFigures`, in that order. */
  values: number[][];
}

/** Every period's first day from `from` to `to` (both already whole periods, decision 075). */
export function periodStarts(from: string, to: string, period: ReportPeriodName): string[] {
  const starts: string[] = [];
  const day = new Date(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  while (day.getTime() <= end && starts.length <= 800) {
    starts.push(day.toISOString().slice(0, 10));
    if (period === 'day') day.setUTCDate(day.getUTCDate() + 1);
    else if (period === 'week') day.setUTCDate(day.getUTCDate() + 7);
    else day.setUTCMonth(day.getUTCMonth() + 1);
  }
  return starts;
}

/**
 * The report's rows summed per period for the chart, in one currency (the first row's): the
 * table holds the exact decimal figures, the chart only their shape, so floats are enough here.
 */
export function chartData(rows: readonly ReportRow[], periods: readonly string[]): ChartData {
  const currency = rows[0]?.currency ?? 'USD';
  const byStart = new Map<string, number[]>(
    periods.map((start) => [start, chartFigures.map(() => 0)]),
  );
  for (const row of rows) {
    if (row.currency !== currency) continue;
    const sums = byStart.get(row.period_start) ?? chartFigures.map(() => 0);
    chartFigures.forEach((figure, index) => {
      sums[index] = (sums[index] ?? 0) + Number(row[figure.key]);
    });
    byStart.set(row.period_start, sums);
  }
  const starts = [...byStart.keys()].sort();
  return {
    currency,
    starts: starts.map((start) => Date.parse(`${start}T00:00:00Z`) / 1000),
    values: chartFigures.map((_, index) =>
      starts.map((start) => Math.round((byStart.get(start)?.[index] ?? 0) * 100) / 100),
    ),
  };
}
