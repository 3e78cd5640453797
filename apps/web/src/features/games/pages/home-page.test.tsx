import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { callsTo, fakeGamesApi } from '../../../test/games-api';
import { renderWithProviders } from '../../../test/render';
import { HomePage } from './home-page';
import { OtherPage } from './other-page';

beforeAll(() => loadGamesMessages());
afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the banners, the top games and the recent games with Load More', async () => {
    const calls = fakeGamesApi();
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Лобби' })).toBeTruthy();
    expect(await screen.findAllByTestId('banner-slide')).toHaveLength(4);
    await screen.findByTestId('top-games-grid');
    const recent = await screen.findByTestId('recent-games-grid');
    expect(within(recent).getAllByTestId('game-tile')).toHaveLength(20);
    // A guest sees the newest games under "New arrivals".
    expect(screen.getByRole('heading', { name: 'Новые поступления' })).toBeTruthy();

    const loadMore = screen.getByTestId('load-more');
    expect(loadMore.textContent).toBe('Загрузить ещё');
    expect(loadMore.dataset.page).toBe('1');
    fireEvent.click(loadMore);
    await vi.waitFor(() => expect(within(recent).getAllByTestId('game-tile')).toHaveLength(40));
    expect(loadMore.dataset.page).toBe('2');
    const recentPages = callsTo(calls, '/api/total/games')
      .filter((call) => call.url.searchParams.get('sort') === 'recent')
      .map((call) => call.url.searchParams.get('page'));
    expect(recentPages).toEqual(['1', '2']);
  });
});

describe('HomePage section order (issue 30)', () => {
  // The carousel's place while its banners load is its placeholder (same size, same place).
  const order = () =>
    Array.from(
      screen
        .getByTestId('home-sections')
        .querySelectorAll<HTMLElement>(
          '[data-testid^="banner-carousel"], [data-testid="top-games"], [data-testid="recent-games"]',
        ),
    ).map((node) => node.dataset.testid?.replace(/-loading$/, ''));

  it("renders the sections in the order the server gives, staff's", async () => {
    const calls = fakeGamesApi({ homeSections: ['recent', 'top', 'banners'] });
    renderWithProviders(<HomePage />);
    await vi.waitFor(() =>
      expect(order()).toEqual(['recent-games', 'top-games', 'banner-carousel']),
    );
    expect(callsTo(calls, '/api/games/lobby')).toHaveLength(1);
    // The grids still load once moved.
    const top = await screen.findByTestId('top-games-grid');
    expect(within(top).getAllByTestId('game-tile').length).toBeGreaterThan(0);
  });

  it('keeps the default order while the layout loads', async () => {
    fakeGamesApi({ homeSections: ['top', 'recent', 'banners'], delayMs: 50 });
    renderWithProviders(<HomePage />);
    expect(order()).toEqual(['banner-carousel', 'top-games', 'recent-games']);
    await vi.waitFor(() =>
      expect(order()).toEqual(['top-games', 'recent-games', 'banner-carousel']),
    );
  });
});

describe('OtherPage', () => {
  it('shows table, live and instant games, each with a link to its casino category', async () => {
    const calls = fakeGamesApi();
    renderWithProviders(<OtherPage />, { path: '/other' });
    for (const category of ['table', 'live', 'instant']) {
      const section = await screen.findByTestId(`other-${category}-grid`);
      expect(within(section).getAllByTestId('game-tile').length).toBeGreaterThan(0);
      expect(
        within(screen.getByTestId(`other-${category}`))
          .getByRole('link')
          .getAttribute('href'),
      ).toBe(`/casino?category=${category}`);
    }
    const categories = callsTo(calls, '/api/total/games').map((c) =>
      c.url.searchParams.get('category'),
    );
    expect(categories.sort()).toEqual(['instant', 'live', 'table']);
  });
});
