import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { callsTo, fakeGame, fakeGamesApi, type ApiCall } from '../../../test/games-api';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { useAuthStore } from '../../auth';
import { useSearchStore } from '../search-store';
import { recentDemosKey, useRecentDemos } from '../recent-demos-store';
import { CasinoPage } from './casino-page';
import { signIn } from '../../../test/signed-in';

beforeAll(() => loadGamesMessages());
afterEach(() => {
  vi.unstubAllGlobals();
  useSearchStore.setState({ text: '' });
  useRecentDemos.setState({ games: [] });
  useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
});

const totalCalls = (calls: ApiCall[]) => callsTo(calls, '/api/total/games');
const lastQuery = (calls: ApiCall[]) => totalCalls(calls).at(-1)?.url.searchParams;

function renderCasino(path = '/casino') {
  return renderWithProviders({ routes: [{ path: '/casino', element: <CasinoPage /> }] }, { path });
}

describe('CasinoPage', () => {
  it('shows 7 skeleton tiles, then the games with "Add More Games"', async () => {
    const calls = fakeGamesApi({ delayMs: 20 });
    renderCasino();
    expect(screen.getAllByTestId('game-skeleton')).toHaveLength(7);
    await screen.findByTestId('casino-games');
    expect(within(screen.getByTestId('casino-games')).getAllByTestId('game-tile')).toHaveLength(20);
    expect(lastQuery(calls)?.get('sort')).toBe('all');
    fireEvent.click(screen.getByTestId('load-more'));
    await vi.waitFor(() =>
      expect(within(screen.getByTestId('casino-games')).getAllByTestId('game-tile')).toHaveLength(
        40,
      ),
    );
    // The first answer's 20 pictures load at once (the largest paint is one of them); the
    // added page's when they near the screen (decision 059).
    const loading = within(screen.getByTestId('casino-games'))
      .getAllByTestId('game-tile')
      .map((tile) => tile.querySelector('img')?.getAttribute('loading'));
    expect(loading.slice(0, 20)).toEqual(Array(20).fill('eager'));
    expect(loading.slice(20)).toEqual(Array(20).fill('lazy'));
  });

  it('debounces the shared search text by 500 ms before asking the server', async () => {
    const calls = fakeGamesApi();
    renderCasino();
    await screen.findByTestId('casino-games');
    const before = totalCalls(calls).length;

    const input = screen.getByLabelText('Поиск');
    fireEvent.change(input, { target: { value: 'l' } });
    fireEvent.change(input, { target: { value: 'lu' } });
    fireEvent.change(input, { target: { value: 'lun' } });
    // The text is shared at once (the header's box shows it too)…
    expect(useSearchStore.getState().text).toBe('lun');
    // …but nothing is asked before the typing pauses.
    await new Promise((done) => setTimeout(done, 300));
    expect(totalCalls(calls)).toHaveLength(before);

    await vi.waitFor(() => expect(totalCalls(calls)).toHaveLength(before + 1), { timeout: 1500 });
    expect(lastQuery(calls)?.get('search')).toBe('lun');
    await new Promise((done) => setTimeout(done, 600));
    // One request for three keystrokes.
    expect(totalCalls(calls)).toHaveLength(before + 1);
  });

  it('shows text typed elsewhere (the header box) in its own search box', () => {
    fakeGamesApi();
    renderCasino();
    act(() => useSearchStore.getState().setText('pavilion'));
    expect(screen.getByLabelText<HTMLInputElement>('Поиск').value).toBe('pavilion');
  });

  it('has five sort tabs; each asks for its sort and lands in the address', async () => {
    const calls = fakeGamesApi();
    renderCasino();
    await screen.findByTestId('casino-games');
    const tabs = within(screen.getByTestId('sort-tabs')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Все',
      'Новые игры',
      'Топ игр',
      'Недавно сыгранные',
      'Недавние демо',
    ]);
    fireEvent.click(screen.getByTestId('sort-tabs-top'));
    await vi.waitFor(() => expect(lastQuery(calls)?.get('sort')).toBe('top'));
    expect(currentLocation.search).toBe('?tab=top');
    expect(screen.getByTestId('sort-tabs-top').getAttribute('aria-selected')).toBe('true');

    // Arrow keys move between tabs.
    fireEvent.keyDown(screen.getByTestId('sort-tabs-top'), { key: 'ArrowLeft' });
    await vi.waitFor(() => expect(lastQuery(calls)?.get('sort')).toBe('new'));
  });

  it('asks a guest to log in on "Recently played", without asking the server', async () => {
    const calls = fakeGamesApi();
    renderCasino('/casino?tab=played');
    expect(await screen.findByTestId('casino-games-empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeTruthy();
    expect(totalCalls(calls)).toHaveLength(0);
  });

  it('asks for the signed-in player\'s own history on "Recently played"', async () => {
    signIn({ balance: '0.00' }, 'access-token');
    const calls = fakeGamesApi();
    renderCasino('/casino?tab=played');
    await screen.findByTestId('casino-games');
    expect(lastQuery(calls)?.get('sort')).toBe('recent');
    expect(totalCalls(calls).at(-1)?.headers.get('Authorization')).toBe('Bearer access-token');
  });

  it('shows the demos played on this device on "Recent demos", filtered, without asking', async () => {
    const calls = fakeGamesApi();
    useRecentDemos.getState().add(fakeGame(1, { name: 'Lunar Pavilion', category: 'slots' }));
    useRecentDemos.getState().add(fakeGame(2, { name: 'Ruby Roulette', category: 'table' }));
    renderCasino('/casino?tab=demos');
    const list = await screen.findByTestId('casino-games');
    expect(
      within(list)
        .getAllByTestId('game-name')
        .map((name) => name.textContent),
    ).toEqual(['Ruby Roulette', 'Lunar Pavilion']);
    expect(screen.queryByTestId('load-more')).toBeNull();

    fireEvent.click(screen.getByTestId('category-tab-slots'));
    await vi.waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('game-name')
          .map((name) => name.textContent),
      ).toEqual(['Lunar Pavilion']),
    );
    expect(totalCalls(calls)).toHaveLength(0);
    // Kept across reloads, on this device only.
    expect(JSON.parse(localStorage.getItem(recentDemosKey) ?? '[]')).toHaveLength(2);
  });

  it('says how to fill "Recent demos" when it is empty', async () => {
    fakeGamesApi();
    renderCasino('/casino?tab=demos');
    expect(await screen.findByTestId('casino-games-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Смотреть топ игр' }));
    expect(currentLocation.search).toBe('?tab=top');
  });

  it('keeps the category tabs and the category selector in sync', async () => {
    const calls = fakeGamesApi();
    renderCasino();
    await screen.findByTestId('casino-games');
    const select = screen.getByTestId('category-select');

    fireEvent.click(screen.getByTestId('category-tab-live'));
    await vi.waitFor(() => expect(lastQuery(calls)?.get('category')).toBe('live'));
    expect(screen.getByTestId('category-tab-live').getAttribute('aria-pressed')).toBe('true');
    expect(select.textContent).toContain('Live');

    fireEvent.click(select);
    fireEvent.click(screen.getByTestId('category-select-option-table'));
    await vi.waitFor(() => expect(lastQuery(calls)?.get('category')).toBe('table'));
    expect(screen.getByTestId('category-tab-table').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('category-tab-live').getAttribute('aria-pressed')).toBe('false');
    expect(currentLocation.search).toBe('?category=table');

    // Pressing the pressed tab again goes back to every category.
    // (The unfiltered list is still cached: no new request.)
    fireEvent.click(screen.getByTestId('category-tab-table'));
    await vi.waitFor(() => expect(select.textContent).toContain('Все категории'));
    expect(screen.getByTestId('category-tab-table').getAttribute('aria-pressed')).toBe('false');
    expect(currentLocation.search).toBe('');
  });
});
