import type { ReportRow } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import { chartData, periodStarts } from './chart-series';

const row = (period_start: string, figures: Partial<ReportRow>) =>
  ({
    period_start,
    currency: 'USD',
    stakes: '0',
    wins: '0',
    ggr: '0',
    ngr: '0',
    ...figures,
  }) as ReportRow;

describe('the chart of a report', () => {
  it('has a point for every period of the range, Mondays for weeks, firsts for months', () => {
    expect(periodStarts('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(periodStarts('2026-11-16', '2026-11-29', 'week')).toEqual(['2026-11-16', '2026-11-23']);
    expect(periodStarts('2025-12-01', '2026-02-28', 'month')).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });

  it('sums the groups of a period and puts zero where a period has no rows', () => {
    const data = chartData(
      [
        row('2026-11-26', { stakes: '3.000', wins: '8.000', ggr: '-5.000', ngr: '-5.000' }),
        row('2026-11-26', { stakes: '1.250', wins: '0', ggr: '1.250', ngr: '0.250' }),
        row('2026-11-26', { stakes: '99', currency: 'EUR' }),
      ],
      ['2026-11-25', '2026-11-26'],
    );
    expect(data.currency).toBe('USD');
    expect(data.starts).toEqual([Date.UTC(2026, 10, 25) / 1000, Date.UTC(2026, 10, 26) / 1000]);
    expect(data.values).toEqual([
      [0, 4.25],
      [0, 8],
      [0, -3.75],
      [0, -4.75],
    ]);
  });
});
