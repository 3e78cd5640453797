import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../shared/i18n/i18n';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { apiError, countOf, deferred, json, mockApi } from '../../../test/api-mock';
import { fakeGame } from '../../../test/games-api';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { providerListOptions } from '../api/provider-list';
import { useRecentDemos } from '../recent-demos-store';
import { CasinoPage } from './casino-page';
import { ProviderPage } from './provider-page';
import { offeredFilters, searchFilters } from './search-page';

beforeAll(() => loadGamesMessages());
afterEach(async () => {
  vi.unstubAllGlobals();
  useRecentDemos.setState({ games: [] });
  await i18n.changeLanguage('ru');
});

const running =
  (...providers: string[]) =>
  () =>
    json(200, { data: providers.map((provider) => ({ provider })) });

const endorphinaPage = () =>
  json(200, {
    data: Array.from({ length: 20 }, (_, n) => fakeGame(n, { provider: 'endorphina' })),
    page: 1,
    limit: 20,
    total: 20,
    totalPages: 1,
  });

const gbList = '/provider2-game/list/USD/EN';

describe('a provider the operator switched off', () => {
  it('shows "not available" on its page, without asking for its games (ru and en)', async () => {
    const seen = mockApi({ 'GET /games/providers': running('endorphina', 'pragmatic') });
    // The list as the sidebar has already read it.
    const queryClient = testQueryClient();
    await queryClient.prefetchQuery(providerListOptions);
    renderWithProviders(<ProviderPage provider="gbgames" />, { path: '/gbgames', queryClient });
    const off = screen.getByTestId('provider-off');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('GB Games');
    expect(within(off).getByRole('heading').textContent).toBe('GB Games: игры недоступны');
    expect(within(off).getByRole('link').getAttribute('href')).toBe('/casino');
    expect(screen.queryByTestId('provider-games-gbgames')).toBeNull();
    expect(screen.queryByTestId('game-skeleton')).toBeNull();

    setLanguage('en');
    await vi.waitFor(() =>
      expect(within(off).getByRole('heading').textContent).toBe('GB Games is not available'),
    );
    expect(within(off).getByRole('link').textContent).toBe('Browse all games');
    expect(countOf(seen, 'GET', gbList)).toBe(0);
  });

  it('shows "not available" when its endpoint answers PROVIDER_DISABLED, and asks for the list again', async () => {
    const seen = mockApi({
      'GET /games/providers': running('endorphina', 'gbgames', 'pragmatic'),
      'GET /endo-game/list': () => apiError(404, 'PROVIDER_DISABLED'),
    });
    renderWithProviders(<ProviderPage provider="endorphina" />, { path: '/endorphina' });
    const off = await screen.findByTestId('provider-off');
    expect(within(off).getByRole('heading').textContent).toBe('Endorphina: игры недоступны');
    expect(screen.queryByTestId('provider-games-endorphina')).toBeNull();
    await vi.waitFor(() => expect(countOf(seen, 'GET', '/games/providers')).toBe(2));
  });

  it('GB Games too: its page answer PROVIDER_DISABLED shows the same state', async () => {
    mockApi({ 'GET /games/providers': running(), [`GET ${gbList}`]: () => apiError(500, 'X') });
    renderWithProviders(<ProviderPage provider="gbgames" />, { path: '/gbgames' });
    await screen.findByTestId('provider-off');

    mockApi({
      'GET /games/providers': () => apiError(500, 'INTERNAL'),
      [`GET ${gbList}`]: () => apiError(404, 'PROVIDER_DISABLED'),
    });
    renderWithProviders(<ProviderPage provider="gbgames" />, { path: '/gbgames' });
    await vi.waitFor(() => expect(screen.getAllByTestId('provider-off')).toHaveLength(2));
  });

  it('shows the games as before while the list loads or when it fails', async () => {
    const list = deferred<Response>();
    mockApi({ 'GET /games/providers': () => list.promise, 'GET /endo-game/list': endorphinaPage });
    renderWithProviders(<ProviderPage provider="endorphina" />, { path: '/endorphina' });
    const grid = await screen.findByTestId('provider-games-endorphina');
    expect(within(grid).getAllByTestId('game-tile')).toHaveLength(20);

    mockApi({
      'GET /games/providers': () => apiError(500, 'INTERNAL'),
      'GET /endo-game/list': endorphinaPage,
    });
    const { queryClient } = renderWithProviders(<ProviderPage provider="endorphina" />, {
      path: '/endorphina',
    });
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(['games', 'providers'])?.status).toBe('error'),
    );
    expect(screen.getAllByTestId('provider-games-endorphina')).toHaveLength(2);
    expect(screen.queryByTestId('provider-off')).toBeNull();
  });

  it('leaves the search filter and the recent demos', async () => {
    expect(offeredFilters(undefined)).toEqual(searchFilters);
    expect(offeredFilters(['pragmatic'])).toEqual([
      'all',
      'provider:pragmatic',
      'category:slots',
      'category:table',
      'category:live',
      'category:instant',
    ]);

    mockApi({ 'GET /games/providers': running('endorphina', 'pragmatic') });
    useRecentDemos.getState().add(fakeGame(1, { name: 'Lunar Pavilion', provider: 'gbgames' }));
    useRecentDemos.getState().add(fakeGame(2, { name: 'Ruby Roulette', provider: 'pragmatic' }));
    renderWithProviders(
      { routes: [{ path: '/casino', element: <CasinoPage /> }] },
      { path: '/casino?tab=demos' },
    );
    const names = () =>
      within(screen.getByTestId('casino-games'))
        .getAllByTestId('game-name')
        .map((name) => name.textContent);
    await vi.waitFor(() => expect(names()).toEqual(['Ruby Roulette']));
    fireEvent.click(screen.getByTestId('category-tab-slots'));
    await vi.waitFor(() => expect(names()).toEqual(['Ruby Roulette']));
  });
});
