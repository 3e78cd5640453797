import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { callsTo, fakeGame, fakeGamesApi } from '../../../test/games-api';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { usePlayStore } from '../play-store';
import { GameList } from './game-list';
import { signIn } from '../../../test/signed-in';

beforeAll(() => loadGamesMessages());

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
  useModalStore.setState({ modal: null, demo: false });
  useToastStore.getState().clear();
});

const games = [
  fakeGame(1, { provider: 'endorphina', isNew: true, isTop: false }),
  fakeGame(2, { provider: 'pragmatic', category: 'live', isNew: false, isTop: true }),
];

function renderList({ eagerImages }: { eagerImages?: number } = {}) {
  return renderWithProviders(
    <GameList
      games={games}
      loading={false}
      error={false}
      onRetry={() => undefined}
      skeletons={7}
      eagerImages={eagerImages}
    />,
  );
}

const signInWithToken = () => signIn({ balance: '10.00' }, 'access-token');

describe('GameList and its tiles', () => {
  it('renders each game as one button named by the game, with lazy, sized artwork', () => {
    renderList();
    const tile = screen.getByRole('button', { name: games[0]!.name });
    const image = tile.querySelector('img');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('decoding')).toBe('async');
    expect(image?.getAttribute('width')).toBe('300');
    expect(image?.getAttribute('height')).toBe('400');
    expect(image?.getAttribute('alt')).toBe('');
    // Badges and the provider chip are there for the eye only.
    expect(tile.textContent).toContain('Новинка');
    expect(screen.getByRole('button', { name: games[1]!.name }).textContent).toContain('Live');
  });

  // The first screen's tiles (one of them the page's largest paint) load at once; a lazy
  // picture would wait for layout first (decision 059).
  it('loads the leading tiles’ artwork at once and the rest when they near the screen', () => {
    renderList({ eagerImages: 1 });
    const artwork = (game: (typeof games)[number]) =>
      screen.getByRole('button', { name: game.name }).querySelector('img');
    expect(artwork(games[0]!)?.getAttribute('loading')).toBe('eager');
    expect(artwork(games[1]!)?.getAttribute('loading')).toBe('lazy');
  });

  it('gives a guest the Play modal with demo mode on, and remembers the game', () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: games[0]!.name }));
    expect(useModalStore.getState()).toMatchObject({ modal: 'play', demo: true });
    expect(usePlayStore.getState().game?.id).toBe(games[0]!.id);
  });

  it("launches a signed-in player's game and opens it in the game frame", async () => {
    signInWithToken();
    const calls = fakeGamesApi({
      launch: () =>
        new Response(JSON.stringify({ url: 'https://studio.test/game/1', mode: 'real' }), {
          status: 200,
        }),
    });
    renderList();
    fireEvent.click(screen.getByRole('button', { name: games[1]!.name }));
    await vi.waitFor(() =>
      expect(currentLocation.pathname).toBe(`/play/pragmatic/${games[1]!.gameId}`),
    );
    const launch = calls.find((call) => call.url.pathname.includes('/pragmatic/user-auth/'));
    expect(launch?.url.pathname).toBe(`/api/pragmatic/user-auth/ru/${games[1]!.gameId}`);
    expect(launch?.headers.get('Authorization')).toBe('Bearer access-token');
    expect(useModalStore.getState().modal).toBeNull();
  });

  it('shows a toast when the provider is unavailable, and stays in the lobby', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInWithToken();
    const calls = fakeGamesApi({
      launch: () =>
        new Response(JSON.stringify({ error: { code: 'PROVIDER_UNAVAILABLE', message: 'down' } }), {
          status: 503,
        }),
    });
    renderList();
    fireEvent.click(screen.getByRole('button', { name: games[0]!.name }));
    await vi.waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]?.message).toContain('Endorphina');
    expect(useToastStore.getState().toasts[0]?.status).toBe('error');
    expect(callsTo(calls, '/api/endo-game/launch')[0]?.url.searchParams.get('gameId')).toBe(
      games[0]!.gameId,
    );
    // The player's language reaches Endorphina's launch (it opened in English on the Russian site).
    expect(callsTo(calls, '/api/endo-game/launch')[0]?.url.searchParams.get('lang')).toBe('ru');
    expect(currentLocation.pathname).toBe('/');
  });

  it('says so when a game is gone (404)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInWithToken();
    fakeGamesApi({
      launch: () =>
        new Response(JSON.stringify({ error: { code: 'GAME_NOT_FOUND', message: 'gone' } }), {
          status: 404,
        }),
    });
    renderList();
    fireEvent.click(screen.getByRole('button', { name: games[0]!.name }));
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.message).toBe('Эта игра больше недоступна.'),
    );
  });
});
