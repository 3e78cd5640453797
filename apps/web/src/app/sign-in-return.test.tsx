import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../shared/i18n/i18n';
import { useAuthStore } from '../features/auth';
import { useModalStore } from '../shared/ui/modal/modal-store';
import { currentLocation, renderWithProviders } from '../test/render';
import { routes } from './router';
import { testPlayer } from '../test/signed-in';

/**
 * Issue 25: `/profile/...` opened as a guest silently showed the home page. The guest still
 * lands on / (SPEC §6), with the login window open over it, and after signing in arrives at
 * the page they asked for (docs/decisions/064).
 */
const path = () => currentLocation.pathname + currentLocation.search;
const renderAt = (at: string) => renderWithProviders({ routes }, { path: at });

const landedHome = () =>
  screen.findByRole('heading', { level: 1, name: /Лобби|Lobby/ }, { timeout: 5000 });

beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
  useModalStore.setState({ modal: null, demo: false });
});

describe('a guest who opens a profile page', { timeout: 20_000 }, () => {
  it('lands on the lobby with the login window open, and after login arrives at the page', async () => {
    renderAt('/profile/balance?tab=1');
    await landedHome();
    expect(path()).toBe('/');
    expect(useModalStore.getState().modal).toBe('login');

    // The login window closes, then the sign-in succeeds.
    act(() => useModalStore.getState().close());
    act(() => useAuthStore.getState().setUser(testPlayer));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Баланс' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(path()).toBe('/profile/balance?tab=1');
  });

  it('is not taken there later once the window was closed without signing in', async () => {
    renderAt('/profile/bonus');
    await landedHome();
    act(() => useModalStore.getState().close());
    await act(() => new Promise((done) => setTimeout(done, 10)));
    act(() => useAuthStore.getState().setUser(testPlayer));
    await act(() => new Promise((done) => setTimeout(done, 10)));
    expect(path()).toBe('/');
  });

  it('is not taken there after going on to another page', async () => {
    renderAt('/profile');
    await landedHome();
    fireEvent.click(screen.getAllByRole('link', { name: 'Казино' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Казино' }, { timeout: 5000 });
    act(() => useAuthStore.getState().setUser(testPlayer));
    await act(() => new Promise((done) => setTimeout(done, 10)));
    expect(path()).toBe('/casino');
  });
});

describe('a player who signs out on a profile page', { timeout: 20_000 }, () => {
  it('lands on the lobby with no login window over it', async () => {
    // The e2e journeys that sign out on /profile then click "Login" found the window already
    // open, its backdrop in the way.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 204 })));
    useAuthStore.getState().setUser(testPlayer);
    renderAt('/profile');
    fireEvent.click(await screen.findByTestId('logout-button', {}, { timeout: 5000 }));
    await landedHome();
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(path()).toBe('/');
    expect(useModalStore.getState().modal).toBeNull();
  });
});
