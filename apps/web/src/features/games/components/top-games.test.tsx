import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { callsTo, fakeGamesApi } from '../../../test/games-api';
import { renderWithProviders } from '../../../test/render';
import { TopGames } from './top-games';

beforeAll(() => loadGamesMessages());
afterEach(() => vi.unstubAllGlobals());

const grid = () => screen.getByTestId('top-games-grid');

describe('TopGames', () => {
  it('shows 7 skeleton tiles, then 7 games; View All shows 14 and Hide All goes back to 7', async () => {
    const calls = fakeGamesApi({ delayMs: 20 });
    renderWithProviders(<TopGames />);
    expect(screen.getAllByTestId('game-skeleton')).toHaveLength(7);

    await screen.findByTestId('top-games-grid');
    expect(within(grid()).getAllByTestId('game-tile')).toHaveLength(7);
    const request = callsTo(calls, '/api/total/games')[0]?.url.searchParams;
    expect(request?.get('sort')).toBe('top');
    expect(request?.get('limit')).toBe('14');

    const toggle = screen.getByTestId('top-games-toggle');
    expect(toggle.textContent).toBe('Показать все');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(within(grid()).getAllByTestId('game-tile')).toHaveLength(14);
    expect(toggle.textContent).toBe('Скрыть');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);
    expect(within(grid()).getAllByTestId('game-tile')).toHaveLength(7);
    expect(toggle.textContent).toBe('Показать все');
    // One request: the toggle only shows more of what is loaded.
    expect(callsTo(calls, '/api/total/games')).toHaveLength(1);
  });

  it('has no toggle when there are no more than 7 top games', async () => {
    fakeGamesApi({ totalGames: 5 });
    renderWithProviders(<TopGames />);
    await screen.findByTestId('top-games-grid');
    expect(within(grid()).getAllByTestId('game-tile')).toHaveLength(5);
    expect(screen.queryByTestId('top-games-toggle')).toBeNull();
  });

  it('shows an error with Retry, and Retry loads the games', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          fail
            ? new Response('oops', { status: 500 })
            : new Response(
                JSON.stringify({ data: [], page: 1, limit: 14, total: 0, totalPages: 0 }),
                { status: 200 },
              ),
        ),
      ),
    );
    renderWithProviders(<TopGames />);
    const retry = await screen.findByTestId('games-retry');
    fail = false;
    fireEvent.click(retry);
    // Nothing in the list: the empty state, with a way on.
    expect(await screen.findByTestId('top-games-grid-empty')).toBeTruthy();
  });
});
