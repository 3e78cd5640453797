import { describe, expect, it } from 'vitest';
import {
  reportCursorSchema,
  reportRowCursor,
  reportSummaryCsvQuerySchema,
  reportSummaryQuerySchema,
  type ReportRow,
} from './reports';

const row = (overrides: Partial<ReportRow>) =>
  ({
    period_start: '2026-03-02',
    provider: null,
    game_id: null,
    country: null,
    currency: 'USD',
    ...overrides,
  }) as ReportRow;

describe('the summary report’s cursor (decision 095)', () => {
  it('is the row’s keys, read back as they were', () => {
    const cases: [Partial<ReportRow>, [string, string, string, string]][] = [
      [{}, ['2026-03-02', '', '', 'USD']],
      [{ provider: 'operator' }, ['2026-03-02', 'operator', '', 'USD']],
      [
        { provider: 'endorphina', game_id: 'endorphina_sushi' },
        ['2026-03-02', 'endorphina', 'endorphina_sushi', 'USD'],
      ],
      [{ country: 'RU' }, ['2026-03-02', 'RU', '', 'USD']],
    ];
    for (const [overrides, keys] of cases) {
      expect(reportCursorSchema.parse(reportRowCursor(row(overrides)))).toEqual(keys);
    }
  });

  it('refuses anything else with one message', () => {
    for (const text of ['', 'x', '[]', '["2026-03-02","a","b"]', '["2026-02-30","a","","USD"]']) {
      const parsed = reportCursorSchema.safeParse(text);
      expect(parsed.success, text).toBe(false);
      expect(
        parsed.error?.issues.map((i) => i.message),
        text,
      ).toEqual(['after must be the next of an answer: ["YYYY-MM-DD", key, key2, currency]']);
    }
  });

  it('is part of the JSON route’s query only; the CSV has none', () => {
    const query = { from: '2026-03-01', to: '2026-03-02', after: '["2026-03-01","","","USD"]' };
    expect(reportSummaryQuerySchema.parse(query).after).toEqual(['2026-03-01', '', '', 'USD']);
    expect(reportSummaryCsvQuerySchema.parse(query)).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      period: 'day',
      by: 'all',
    });
  });
});
