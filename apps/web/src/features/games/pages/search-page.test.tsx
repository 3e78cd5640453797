import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { callsTo, fakeGamesApi, type ApiCall } from '../../../test/games-api';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { HeaderSearch } from '../components/header-search';
import { useSearchStore } from '../search-store';
import { SearchPage } from './search-page';

beforeAll(() => loadGamesMessages());
afterEach(() => {
  vi.unstubAllGlobals();
  useSearchStore.setState({ text: '' });
});

const queries = (calls: ApiCall[]) =>
  callsTo(calls, '/api/total/games').map((call) => Object.fromEntries(call.url.searchParams));

describe('SearchPage', () => {
  it('asks for something to search, and shows casino games meanwhile', async () => {
    const calls = fakeGamesApi();
    renderWithProviders(<SearchPage />, { path: '/search' });
    expect(screen.getByTestId('search-prompt')).toBeTruthy();
    await screen.findByTestId('search-casino-grid');
    expect(queries(calls)).toEqual([
      expect.objectContaining({ sort: 'top', limit: '7', page: '1' }),
    ]);
  });

  it('shows the results of the shared search text', async () => {
    const calls = fakeGamesApi();
    act(() => useSearchStore.getState().setText('pavilion'));
    renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByTestId('search-results-grid');
    expect(screen.getByRole('heading', { name: 'Результаты по запросу «pavilion»' })).toBeTruthy();
    expect(queries(calls)).toContainEqual(expect.objectContaining({ search: 'pavilion' }));
  });

  // Issue 25: a disabled "Add More Games" sat under "That is as far as the list goes".
  it('at the end of the results shows only the end, no button that can never be pressed', async () => {
    fakeGamesApi({ totalGames: 12 });
    act(() => useSearchStore.getState().setText('pavilion'));
    renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByTestId('search-results-grid');
    const count = await screen.findByTestId('load-more-count');
    await vi.waitFor(() => expect(count.textContent).toBe('12 из 12 игр · Это конец списка'));
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('keeps "Add More Games" while more results exist', async () => {
    fakeGamesApi({ totalGames: 45 });
    act(() => useSearchStore.getState().setText('pavilion'));
    renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByTestId('search-results-grid');
    const more = await screen.findByTestId<HTMLButtonElement>('load-more');
    await vi.waitFor(() => expect(more.disabled).toBe(false));
    expect(screen.queryByTestId('load-more-end')).toBeNull();
    fireEvent.click(more);
    await vi.waitFor(() =>
      expect(screen.getByTestId('load-more-count').textContent).toBe('40 из 45 игр'),
    );
    const again = screen.getByTestId<HTMLButtonElement>('load-more');
    await vi.waitFor(() => expect(again.disabled).toBe(false));
    fireEvent.click(again);
    await vi.waitFor(() => expect(screen.queryByTestId('load-more')).toBeNull());
    expect(screen.getByTestId('load-more-count').textContent).toBe(
      '45 из 45 игр · Это конец списка',
    );
  });

  it('narrows both sections by the filter: a provider or a category', async () => {
    const calls = fakeGamesApi();
    act(() => useSearchStore.getState().setText('reel'));
    renderWithProviders(<SearchPage />, { path: '/search' });
    await screen.findByTestId('search-results-grid');

    const filter = screen.getByTestId('search-filter');
    fireEvent.click(filter);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Все игры',
      'Провайдер: Endorphina',
      'Провайдер: GB Games',
      'Провайдер: Pragmatic Play',
      'Категория: Слоты',
      'Категория: Настольные',
      'Категория: Live',
      'Категория: Быстрые',
    ]);
    fireEvent.click(screen.getByTestId('search-filter-option-provider:gbgames'));
    await vi.waitFor(() =>
      expect(queries(calls)).toContainEqual(
        expect.objectContaining({ search: 'reel', provider: 'gbgames' }),
      ),
    );
    expect(queries(calls)).toContainEqual(
      expect.objectContaining({ sort: 'top', provider: 'gbgames' }),
    );

    fireEvent.click(filter);
    fireEvent.click(screen.getByTestId('search-filter-option-category:live'));
    await vi.waitFor(() =>
      expect(queries(calls)).toContainEqual(
        expect.objectContaining({ search: 'reel', category: 'live' }),
      ),
    );
    const casinoLink = within(screen.getByTestId('search-casino')).getByRole('link');
    expect(casinoLink.getAttribute('href')).toBe('/casino?category=live');
  });
});

describe('HeaderSearch', () => {
  it('edits the shared text and takes the player to the search screen', () => {
    renderWithProviders(<HeaderSearch />, { path: '/endorphina' });
    fireEvent.change(screen.getByTestId('header-search'), { target: { value: 'go' } });
    expect(useSearchStore.getState().text).toBe('go');
    expect(currentLocation.pathname).toBe('/search');
  });

  it('stays on the casino page, which shows the results itself', () => {
    renderWithProviders(<HeaderSearch />, { path: '/casino' });
    fireEvent.change(screen.getByTestId('header-search'), { target: { value: 'go' } });
    expect(currentLocation.pathname).toBe('/casino');
  });
});
