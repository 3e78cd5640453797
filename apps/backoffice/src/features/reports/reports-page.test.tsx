import {
  reportPageSize,
  reportRowCursor,
  type ReportRow,
  type ReportSummaryResponse,
} from '@casino/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { mockApi, renderAt } from '../../test/render';
import ReportsPage from './reports-page';

// uPlot draws on a canvas jsdom does not have; the chart's data is chart-series.test.ts's.
vi.mock('./report-chart', () => ({
  default: ({ label }: { label: string }) => (
    <div role="img" aria-label={label} data-testid="report-chart" />
  ),
}));

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const zero = '0.00';

function row(index: number, by: 'all' | 'game'): ReportRow {
  return {
    period_start: '2026-11-20',
    provider: by === 'game' ? 'pragmatic' : null,
    game_id: by === 'game' ? `game-${String(index).padStart(4, '0')}` : null,
    country: null,
    currency: 'USD',
    stakes: '10.00',
    rounds: 1,
    refunds: zero,
    refunds_count: 0,
    wins: zero,
    provider_adjustments: zero,
    ggr: '10.00',
    bonus_stakes: zero,
    bonus_refunds: zero,
    bonus_wins: zero,
    bonus_granted: zero,
    bonus_converted: zero,
    bonus_forfeited: zero,
    bonus_cost: zero,
    ngr: '10.00',
    active_players: 1,
    deposits: zero,
    deposits_count: 0,
    first_deposits: zero,
    first_deposits_count: 0,
    withdrawals_requested: zero,
    withdrawals_requested_count: 0,
    withdrawals_paid: zero,
    withdrawals_paid_count: 0,
    withdrawals_rejected: zero,
    withdrawals_rejected_count: 0,
    net_deposits: zero,
    operator_adjustments: zero,
  };
}

/** The server: `games` rows by game (pages of reportPageSize after a cursor), one total. */
function reportsApi(games: number) {
  const byGame = Array.from({ length: games }, (_, i) => row(i, 'game'));
  return mockApi({
    'GET /api/operator/reports/summary': ({ url }: { url: URL }) => {
      const by = url.searchParams.get('by') === 'game' ? 'game' : 'all';
      const all = by === 'game' ? byGame : [row(0, 'all')];
      const after = url.searchParams.get('after');
      const start = after ? all.findIndex((r) => reportRowCursor(r) === after) + 1 : 0;
      const rows = all.slice(start, start + reportPageSize);
      const more = start + reportPageSize < all.length;
      const body: ReportSummaryResponse = {
        time_zone: 'UTC',
        period: 'day',
        by,
        from: '2026-11-20',
        to: '2026-11-20',
        summarised_through: { ledger_id: '42', at: '2026-11-20T10:00:00.000Z' },
        rows,
        page_size: reportPageSize,
        total_rows: all.length,
        total_pages: Math.ceil(all.length / reportPageSize),
        next: more ? reportRowCursor(rows.at(-1)!) : null,
      };
      return { body };
    },
    'GET /api/operator/reports/liability': {
      time_zone: 'UTC',
      summarised_through: { ledger_id: '42', at: null },
      rows: [],
    },
  });
}

const tableRows = () => within(screen.getByTestId('report-table')).getAllByRole('row').slice(1);
const summaryCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === '/api/operator/reports/summary');

async function showByGame() {
  fireEvent.change(screen.getByTestId('report-by'), { target: { value: 'game' } });
  fireEvent.click(screen.getByTestId('report-show'));
  await waitFor(() => expect(screen.getByText('pragmatic · game-0000')).toBeTruthy());
}

describe('the reports screen’s pages', { timeout: 90_000 }, () => {
  it('shows 100 rows a screen and asks the next server page with the cursor it was given', async () => {
    const { calls } = reportsApi(reportPageSize + 150);
    renderAt(<ReportsPage />);
    await showByGame();
    expect(tableRows()).toHaveLength(100);
    expect(screen.getByTestId('report-page').textContent).toBe('Page 1 of 7');
    // The chart is every period's total, and says so beside a grouped table.
    expect(screen.getByTestId('report-chart-note').textContent).toContain('total over every group');

    const asked = summaryCalls(calls).length;
    for (let page = 2; page <= 5; page++) {
      fireEvent.click(screen.getByTestId('report-next'));
      expect(screen.getByTestId('report-page').textContent).toBe(`Page ${page} of 7`);
    }
    // Screens 2 to 5 are rows of the first server page: nothing was asked.
    expect(summaryCalls(calls)).toHaveLength(asked);
    expect(screen.getByText('pragmatic · game-0499')).toBeTruthy();

    fireEvent.click(screen.getByTestId('report-next'));
    await waitFor(() => expect(screen.getByText('pragmatic · game-0500')).toBeTruthy());
    expect(screen.getByTestId('report-page').textContent).toBe('Page 6 of 7');
    const next = summaryCalls(calls).at(-1)!;
    expect(next.query.get('by')).toBe('game');
    expect(next.query.get('after')).toBe(reportRowCursor(row(reportPageSize - 1, 'game')));

    fireEvent.click(screen.getByTestId('report-next'));
    expect(screen.getByTestId('report-page').textContent).toBe('Page 7 of 7');
    expect(tableRows()).toHaveLength(50);
    // The last screen: Next stays focusable but does not move.
    const nextButton = screen.getByTestId('report-next');
    expect(nextButton.getAttribute('aria-disabled')).toBe('true');
    nextButton.focus();
    fireEvent.click(nextButton);
    expect(screen.getByTestId('report-page').textContent).toBe('Page 7 of 7');
    expect(document.activeElement).toBe(nextButton);

    fireEvent.click(screen.getByTestId('report-previous'));
    expect(screen.getByTestId('report-page').textContent).toBe('Page 6 of 7');
  });

  it('starts again at the first page on Show', async () => {
    reportsApi(reportPageSize + 150);
    renderAt(<ReportsPage />);
    await showByGame();
    fireEvent.click(screen.getByTestId('report-next'));
    expect(screen.getByTestId('report-page').textContent).toBe('Page 2 of 7');
    fireEvent.click(screen.getByTestId('report-show'));
    await waitFor(() => expect(screen.getByTestId('report-page').textContent).toBe('Page 1 of 7'));
    expect(screen.getByTestId('report-previous').getAttribute('aria-disabled')).toBe('true');
  });

  it('has no pager for one screen of rows, and none of the chart note for the total', async () => {
    reportsApi(0);
    renderAt(<ReportsPage />);
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.queryByTestId('report-page')).toBeNull();
    expect(screen.queryByTestId('report-chart-note')).toBeNull();
  });

  it('names the pages in Russian', async () => {
    await i18n.changeLanguage('ru');
    reportsApi(250);
    renderAt(<ReportsPage />);
    await showByGame();
    expect(screen.getByTestId('report-page').textContent).toBe('Страница 1 из 3');
    expect(screen.getByRole('navigation', { name: 'Страницы показателей' })).toBeTruthy();
    expect(screen.getByTestId('report-next').textContent).toBe('Дальше');
  });
});
