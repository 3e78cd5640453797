import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { callsTo, fakeGame, fakeGamesApi } from '../../../test/games-api';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { PlayModal } from '../components/play-modal';
import { usePlayStore } from '../play-store';
import { useRecentDemos } from '../recent-demos-store';
import { PlayPage } from './play-page';

beforeAll(() => loadGamesMessages());
afterEach(() => {
  vi.unstubAllGlobals();
  useModalStore.setState({ modal: null, demo: false });
  useToastStore.getState().clear();
  useRecentDemos.setState({ games: [] });
});

const playRoutes = [
  { path: '/play/:provider/:gameId', element: <PlayPage /> },
  { path: '/', element: <PlayModal /> },
];

const demo = () =>
  new Response(JSON.stringify({ url: 'about:blank#demo', mode: 'demo' }), { status: 200 });

describe('the Play modal (guests)', () => {
  it('starts the demo in the game frame', async () => {
    const game = fakeGame(4, { provider: 'gbgames' });
    usePlayStore.getState().choose(game);
    useModalStore.setState({ modal: 'play', demo: true });
    const calls = fakeGamesApi({ launch: demo });
    renderWithProviders({ routes: playRoutes }, { path: '/' });

    expect(screen.getByRole('dialog', { name: game.name })).toBeTruthy();
    fireEvent.click(screen.getByTestId('play-demo'));
    await screen.findByTestId('play-frame');
    expect(currentLocation.pathname).toBe(`/play/gbgames/${game.gameId}`);
    expect(screen.getByTestId('play-frame').getAttribute('src')).toBe('about:blank#demo');
    expect(screen.getByTestId('play-mode').dataset.mode).toBe('demo');
    expect(useModalStore.getState().modal).toBeNull();
    // Launched once, by the modal; the frame used its answer.
    expect(callsTo(calls, '/api/provider2-game/launch')).toHaveLength(1);
    // Remembered for the casino's "Recent demos".
    expect(useRecentDemos.getState().games[0]?.id).toBe(game.id);
  });

  it('offers only the login for a game without a demo', () => {
    usePlayStore.getState().choose(fakeGame(6, { demo: false }));
    useModalStore.setState({ modal: 'play', demo: true });
    renderWithProviders({ routes: playRoutes }, { path: '/' });
    expect(screen.queryByTestId('play-demo')).toBeNull();
    fireEvent.click(screen.getByTestId('play-login'));
    expect(useModalStore.getState()).toMatchObject({ modal: 'login', demo: true });
  });

  it('opens the login when the server wants a player for the game (401)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    usePlayStore.getState().choose(fakeGame(7, { provider: 'endorphina' }));
    useModalStore.setState({ modal: 'play', demo: true });
    fakeGamesApi({
      launch: () =>
        new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'sign in' } }), {
          status: 401,
        }),
    });
    renderWithProviders({ routes: playRoutes }, { path: '/' });
    fireEvent.click(screen.getByTestId('play-demo'));
    await vi.waitFor(() => expect(useModalStore.getState().modal).toBe('login'));
    expect(useModalStore.getState().demo).toBe(true);
    expect(useToastStore.getState().toasts[0]?.message).toBe(
      'У этой игры нет демо-режима. Войдите, чтобы сыграть.',
    );
  });

  it('offers the login, keeping demo mode on', () => {
    usePlayStore.getState().choose(fakeGame(5));
    useModalStore.setState({ modal: 'play', demo: true });
    renderWithProviders({ routes: playRoutes }, { path: '/' });
    fireEvent.click(screen.getByTestId('play-login'));
    expect(useModalStore.getState()).toMatchObject({ modal: 'login', demo: true });
  });
});

describe('PlayPage', () => {
  it('launches the game itself when opened directly', async () => {
    const calls = fakeGamesApi({ launch: demo });
    renderWithProviders({ routes: playRoutes }, { path: '/play/pragmatic/vs10goldfish' });
    expect(await screen.findByTestId('play-frame')).toBeTruthy();
    expect(callsTo(calls, '/api/pragmatic/user-auth/ru/vs10goldfish')).toHaveLength(1);
    expect(screen.getByTestId('play-back').getAttribute('href')).toBe('/');
  });

  // Issue 25: opened directly, the title showed the raw id ("tblglitterroulette").
  it('is titled with the game’s name from the launch, never its id', async () => {
    fakeGamesApi({
      launch: () =>
        new Response(
          JSON.stringify({ url: 'about:blank#demo', mode: 'demo', name: 'Блестящая рулетка' }),
          { status: 200 },
        ),
    });
    renderWithProviders({ routes: playRoutes }, { path: '/play/pragmatic/tblglitterroulette' });
    // Until the launch answers: the studio, not the id.
    expect(screen.getByTestId('play-title').textContent).toBe('Pragmatic Play');
    await screen.findByTestId('play-frame');
    expect(screen.getByTestId('play-title').textContent).toBe('Блестящая рулетка');
    expect(screen.getByTestId('play-frame').getAttribute('title')).toBe('Блестящая рулетка');
    expect(document.title).toContain('Блестящая рулетка');
    expect(document.body.textContent).not.toContain('tblglitterroulette');
  });

  it('is titled in the page’s language when the lobby hands the game over', async () => {
    const game = fakeGame(4, {
      provider: 'gbgames',
      name: 'Matryoshka',
      names: { en: 'Matryoshka', ru: 'Матрёшка' },
    });
    usePlayStore.getState().choose(game);
    useModalStore.setState({ modal: 'play', demo: true });
    fakeGamesApi({ launch: demo });
    renderWithProviders({ routes: playRoutes }, { path: '/' });
    expect(screen.getByRole('dialog', { name: 'Матрёшка' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('play-demo'));
    await screen.findByTestId('play-frame');
    expect(screen.getByTestId('play-title').textContent).toBe('Матрёшка');
  });

  it('shows what went wrong, with a way back, when the launch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeGamesApi({
      launch: () =>
        new Response(JSON.stringify({ error: { code: 'GAME_NOT_FOUND', message: 'gone' } }), {
          status: 404,
        }),
    });
    renderWithProviders({ routes: playRoutes }, { path: '/play/endorphina/nope' });
    const error = await screen.findByTestId('play-error');
    expect(error.textContent).toContain('Эта игра больше недоступна.');
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('refuses an unknown provider without asking the server', async () => {
    const calls = fakeGamesApi({ launch: demo });
    renderWithProviders({ routes: playRoutes }, { path: '/play/acme/x' });
    expect(await screen.findByTestId('play-error')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
