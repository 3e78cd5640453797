import { storageKeys } from '@casino/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { apiError, json, me, mockApi, tokens } from '../../../test/api-mock';
import { useAuthStore } from '../auth-store';
import { endSession, watchSessionAcrossTabs } from './session-events';
import { startSession } from './start-session';
import { refreshCookieMarker } from './tokens';
import { testPlayer } from '../../../test/signed-in';

let stop: () => void = () => undefined;

beforeEach(() => {
  useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
  useToastStore.getState().clear();
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const signedIn = () => useAuthStore.getState().isAuth;

describe('start-up', () => {
  it('restores a stored session with GET /user/me, holding the guards meanwhile', async () => {
    localStorage.setItem(storageKeys.token, 'stored');
    const seen = mockApi({ 'GET /user/me': () => json(200, me) });
    stop = startSession();
    expect(useAuthStore.getState().isChecking).toBe(true);
    await vi.waitFor(() => expect(signedIn()).toBe(true));
    expect(useAuthStore.getState().user).toMatchObject({
      username: 'lucky_star',
      createdAt: me.created_at,
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /user/me']);
  });

  it('tries one silent refresh when only the refresh-cookie marker is left', async () => {
    localStorage.setItem(storageKeys.refreshToken, refreshCookieMarker);
    const seen = mockApi({
      'POST /auth/refresh': () => json(201, tokens('fresh')),
      'GET /user/me': () => json(200, me),
    });
    stop = startSession();
    await vi.waitFor(() => expect(signedIn()).toBe(true));
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /auth/refresh',
      'GET /user/me',
    ]);
    expect(seen[1]?.headers.get('Authorization')).toBe('Bearer fresh');
    expect(localStorage.getItem(storageKeys.token)).toBe('fresh');
  });

  it('stays a guest, quietly, when that refresh is refused', async () => {
    localStorage.setItem(storageKeys.refreshToken, refreshCookieMarker);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'POST /auth/refresh': () => apiError(401, 'REFRESH_INVALID') });
    stop = startSession();
    await vi.waitFor(() => expect(useAuthStore.getState().isChecking).toBe(false));
    expect(signedIn()).toBe(false);
    expect(localStorage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it('makes no call for a visitor who never signed in', () => {
    const seen = mockApi({});
    stop = startSession();
    expect(useAuthStore.getState().isChecking).toBe(false);
    expect(seen).toEqual([]);
  });

  it('keeps the stored token when the server cannot be reached', async () => {
    localStorage.setItem(storageKeys.token, 'stored');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /user/me': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    stop = startSession();
    await vi.waitFor(() => expect(useAuthStore.getState().isChecking).toBe(false));
    expect(signedIn()).toBe(false);
    expect(localStorage.getItem(storageKeys.token)).toBe('stored');
  });
});

describe('across tabs', () => {
  const player = { ...testPlayer, balance: '0.00', createdAt: me.created_at };

  it('signs out when another tab removes the token (storage event)', () => {
    localStorage.setItem(storageKeys.token, 'shared');
    useAuthStore.getState().setUser(player);
    stop = watchSessionAcrossTabs(() => undefined);

    // What the browser does in this tab when another tab removes the key.
    localStorage.removeItem(storageKeys.token);
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.token, oldValue: 'shared', newValue: null }),
    );
    expect(signedIn()).toBe(false);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('ignores a token changed by another tab (its refresh)', () => {
    useAuthStore.getState().setUser(player);
    const restore = vi.fn();
    stop = watchSessionAcrossTabs(restore);
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.token, oldValue: 'a', newValue: 'b' }),
    );
    expect(signedIn()).toBe(true);
    expect(restore).not.toHaveBeenCalled();
  });

  it('picks the session up when another tab signs in', () => {
    const restore = vi.fn();
    stop = watchSessionAcrossTabs(restore);
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.token, oldValue: null, newValue: 'new' }),
    );
    expect(restore).toHaveBeenCalledOnce();
  });

  it.runIf(typeof BroadcastChannel !== 'undefined')(
    'signs out on a "signed-out" message from another tab',
    async () => {
      useAuthStore.getState().setUser(player);
      stop = watchSessionAcrossTabs(() => undefined);
      const otherTab = new BroadcastChannel('orbita-auth');
      otherTab.postMessage({ type: 'signed-out' });
      await vi.waitFor(() => expect(signedIn()).toBe(false));
      otherTab.close();
    },
  );

  it('tells the other tabs when this one signs out', async () => {
    useAuthStore.getState().setUser(player);
    localStorage.setItem(storageKeys.token, 'mine');
    const otherTab = new BroadcastChannel('orbita-auth');
    const heard = vi.fn();
    otherTab.addEventListener('message', (event: MessageEvent<unknown>) => {
      heard(event.data);
    });
    endSession('logout');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith({ type: 'signed-out' }));
    otherTab.close();
  });
});
