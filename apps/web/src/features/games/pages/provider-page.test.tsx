import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { callsTo, fakeGamesApi } from '../../../test/games-api';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { ProviderPage } from './provider-page';
import { signIn } from '../../../test/signed-in';

beforeAll(() => loadGamesMessages());
afterEach(() => vi.unstubAllGlobals());

const tiles = (testId: string) => within(screen.getByTestId(testId)).getAllByTestId('game-tile');
const moreButton = () => screen.getByTestId<HTMLButtonElement>('load-more');

// The route test loads the whole app's lazy pages: slow while every file runs.
describe('provider pages', { timeout: 20_000 }, () => {
  it('Endorphina: 14 skeletons, then page 1; "Add More Games" adds page 2 to the list', async () => {
    const calls = fakeGamesApi({ delayMs: 100 });
    renderWithProviders(<ProviderPage provider="endorphina" />, { path: '/endorphina' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Endorphina');
    expect(screen.getAllByTestId('game-skeleton')).toHaveLength(14);

    await screen.findByTestId('provider-games-endorphina');
    expect(tiles('provider-games-endorphina')).toHaveLength(20);
    expect(moreButton().textContent).toBe('Больше игр');

    fireEvent.click(moreButton());
    // Disabled while the page loads, with skeleton tiles after the games.
    await vi.waitFor(() => expect(moreButton().disabled).toBe(true), { interval: 5 });
    expect(screen.getAllByTestId('game-skeleton').length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(tiles('provider-games-endorphina')).toHaveLength(40));
    const pages = callsTo(calls, '/api/endo-game/list').map((c) => c.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
    // Page 1 stays: the list accumulates.
    expect(screen.getByRole('button', { name: 'endorphina game 0' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'endorphina game 39' })).toBeTruthy();
    // Page 1's 20 pictures load at once, page 2's when they near the screen (decision 059).
    const loading = tiles('provider-games-endorphina').map((tile) =>
      tile.querySelector('img')?.getAttribute('loading'),
    );
    expect(loading.slice(0, 20)).toEqual(Array(20).fill('eager'));
    expect(loading.slice(20)).toEqual(Array(20).fill('lazy'));
  });

  it('Pragmatic: stops at page 10 (200 games) and the button disables', async () => {
    const calls = fakeGamesApi();
    renderWithProviders(<ProviderPage provider="pragmatic" />, { path: '/pragmatic' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pragmatic Play');
    await screen.findByTestId('provider-games-pragmatic');

    for (let page = 2; page <= 10; page += 1) {
      await vi.waitFor(() => expect(moreButton().disabled).toBe(false));
      fireEvent.click(moreButton());
      await vi.waitFor(() => expect(tiles('provider-games-pragmatic')).toHaveLength(page * 20));
    }
    await vi.waitFor(() => expect(moreButton().dataset.page).toBe('10'));
    expect(moreButton().disabled).toBe(true);
    fireEvent.click(moreButton());
    expect(callsTo(calls, '/api/pragmatic/list')).toHaveLength(10);
    expect(tiles('provider-games-pragmatic')).toHaveLength(200);
  });

  // Issue 16: "20 games" on Pragmatic but "20 of 120" on Endorphina. Pragmatic's list has no
  // count; the page reads it from the combined list filtered to Pragmatic.
  it('Endorphina and Pragmatic count alike: shown of the studio’s total', async () => {
    const calls = fakeGamesApi({ endorphinaGames: 120, totalGames: 75 });
    for (const [provider, text] of [
      ['endorphina', '20 из 120 игр'],
      ['pragmatic', '20 из 75 игр'],
    ] as const) {
      const view = renderWithProviders(<ProviderPage provider={provider} />, {
        path: `/${provider}`,
      });
      await screen.findByTestId(`provider-games-${provider}`);
      await vi.waitFor(() => expect(screen.getByTestId('load-more-count').textContent).toBe(text));
      view.unmount();
    }
    const count = callsTo(calls, '/api/total/games').map((c) => c.url.searchParams);
    expect(count.map((query) => query.get('provider'))).toEqual(['pragmatic']);
  });

  it('GB Games: Next replaces the page instead of adding to it', async () => {
    const calls = fakeGamesApi();
    renderWithProviders(
      { routes: [{ path: '/gbgames', element: <ProviderPage provider="gbgames" /> }] },
      { path: '/gbgames' },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('GB Games');
    await screen.findByTestId('provider-games-gbgames');
    expect(tiles('provider-games-gbgames')).toHaveLength(20);
    expect(screen.getByTestId('page-prev')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('load-more')).toBeNull();

    fireEvent.click(screen.getByTestId('page-next'));
    await screen.findByRole('button', { name: 'gbgames game 20' });
    expect(tiles('provider-games-gbgames')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'gbgames game 0' })).toBeNull();
    expect(currentLocation.search).toBe('?page=2');
    expect(screen.getByTestId('page-number').textContent).toBe('Страница 2');
    const pages = callsTo(calls, '/api/provider2-game/list/USD/EN').map((c) =>
      c.url.searchParams.get('page'),
    );
    expect(pages).toEqual(['1', '2']);

    fireEvent.click(screen.getByTestId('page-prev'));
    await screen.findByRole('button', { name: 'gbgames game 0' });
    expect(currentLocation.search).toBe('');
  });

  it('switching route clears the list: back on Endorphina it starts again at page 1', async () => {
    fakeGamesApi();
    renderWithProviders({ routes }, { path: '/endorphina' });
    await screen.findByTestId('provider-games-endorphina');
    fireEvent.click(moreButton());
    await vi.waitFor(() => expect(tiles('provider-games-endorphina')).toHaveLength(40));

    const sidebar = screen.getByTestId('sidebar');
    fireEvent.click(within(sidebar).getByRole('link', { name: 'Pragmatic' }));
    await screen.findByTestId('provider-games-pragmatic');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pragmatic Play');
    expect(tiles('provider-games-pragmatic')).toHaveLength(20);

    fireEvent.click(within(sidebar).getByRole('link', { name: 'Endorphina' }));
    await screen.findByTestId('provider-games-endorphina');
    await vi.waitFor(() => expect(tiles('provider-games-endorphina')).toHaveLength(20));
    expect(moreButton().dataset.page).toBe('1');
  });

  it('asks again when the player signs in (the lists are per viewer)', async () => {
    const calls = fakeGamesApi();
    const { useAuthStore } = await import('../../auth');
    renderWithProviders(<ProviderPage provider="endorphina" />, { path: '/endorphina' });
    await screen.findByTestId('provider-games-endorphina');
    expect(callsTo(calls, '/api/endo-game/list')).toHaveLength(1);

    signIn({ balance: '0.00' }, 'access-token');
    await vi.waitFor(() => expect(callsTo(calls, '/api/endo-game/list')).toHaveLength(2));
    expect(callsTo(calls, '/api/endo-game/list')[1]?.headers.get('Authorization')).toBe(
      'Bearer access-token',
    );
    useAuthStore.setState({ user: null, isAuth: false });
  });
});
