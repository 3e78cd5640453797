import { storageKeys } from '@casino/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../../shared/lib/api-client';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { apiError, countOf, deferred, json, me, mockApi, tokens } from '../../../test/api-mock';
import { useAuthStore } from '../auth-store';
import { refreshLockName } from './refresh-access-token';
import { setAccessTokenRenewer } from '../../../shared/lib/access-token-renewer';
import { watchSessionAcrossTabs } from './session-events';
import { renewAccessToken, restoreStoredSession } from './start-session';
import { refreshCookieMarker } from './tokens';
import { testPlayer } from '../../../test/signed-in';

const bearer = (headers: Headers) => headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;

/** An API whose protected calls accept only `valid` (which the refresh hands out). */
function protectedApi(options: { refresh?: () => Response | Promise<Response> } = {}) {
  let valid = 'new';
  const seen = mockApi({
    'POST /auth/refresh': async () => {
      const answer = options.refresh ? await options.refresh() : json(201, tokens('new'));
      return answer;
    },
    'GET /user/me': ({ headers }) =>
      bearer(headers) === valid ? json(200, me) : apiError(401, 'UNAUTHORIZED'),
    'GET /wallet/a': ({ headers }) =>
      bearer(headers) === valid ? json(200, { a: 1 }) : apiError(401, 'UNAUTHORIZED'),
    'GET /wallet/b': ({ headers }) =>
      bearer(headers) === valid ? json(200, { b: 2 }) : apiError(401, 'UNAUTHORIZED'),
  });
  return { seen, accept: (token: string) => (valid = token) };
}

let stopWatching: () => void = () => undefined;

/** What main.tsx's startSession installs, without the start-up restore (tested apart). */
function installSession() {
  setAccessTokenRenewer(renewAccessToken);
  stopWatching = watchSessionAcrossTabs(() => void restoreStoredSession());
}

beforeEach(() => {
  localStorage.setItem(storageKeys.token, 'old');
  localStorage.setItem(storageKeys.refreshToken, refreshCookieMarker);
  useAuthStore.setState({
    user: { ...testPlayer, balance: '0.00' },
    isAuth: true,
    isChecking: false,
  });
  useToastStore.getState().clear();
});

afterEach(() => {
  stopWatching();
  setAccessTokenRenewer(null);
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
});

describe('token refresh after a 401', () => {
  it('shares one refresh between three parallel 401s and retries each request once', async () => {
    const gate = deferred();
    const { seen } = protectedApi({
      refresh: async () => {
        await gate.promise;
        return json(201, tokens('new'));
      },
    });
    installSession();
    const calls = Promise.all([api.get('/wallet/a'), api.get('/wallet/b'), api.get('/user/me')]);
    // Let every first attempt come back 401 before the refresh answers.
    await vi.waitFor(() => expect(seen.filter((r) => bearer(r.headers) === 'old')).toHaveLength(3));
    gate.resolve();
    await expect(calls).resolves.toEqual([{ a: 1 }, { b: 2 }, me]);

    expect(countOf(seen, 'POST', '/auth/refresh')).toBe(1);
    expect(countOf(seen, 'GET', '/wallet/a')).toBe(2);
    expect(countOf(seen, 'GET', '/wallet/b')).toBe(2);
    expect(seen.filter((r) => r.path === '/user/me').map((r) => bearer(r.headers))).toEqual([
      'old',
      'new',
    ]);
    expect(localStorage.getItem(storageKeys.token)).toBe('new');
  });

  it('does not retry a second time when the retried request gets a 401 too', async () => {
    const { seen, accept } = protectedApi();
    accept('nobody'); // the refreshed token is refused as well
    installSession();
    const error = await api.get('/wallet/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(countOf(seen, 'GET', '/wallet/a')).toBe(2);
    expect(countOf(seen, 'POST', '/auth/refresh')).toBe(1);
  });

  it('signs out cleanly when the refresh is refused: token and refreshToken removed', async () => {
    protectedApi({ refresh: () => apiError(401, 'SESSION_REVOKED') });
    installSession();
    await expect(api.get('/wallet/a')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => t.status)).toEqual(['error']);
  });

  it('keeps the session when the refresh could not reach the server', async () => {
    mockApi({
      'GET /wallet/a': () => apiError(401, 'UNAUTHORIZED'),
      'POST /auth/refresh': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    installSession();
    await expect(api.get('/wallet/a')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(localStorage.getItem(storageKeys.token)).toBe('old');
    expect(useAuthStore.getState().isAuth).toBe(true);
  });

  it('reuses a token another tab stored meanwhile, without calling refresh', async () => {
    const seen = mockApi({
      'POST /auth/refresh': () => json(201, tokens('mine')),
      'GET /wallet/a': ({ headers }) => {
        if (bearer(headers) === 'from-other-tab') return json(200, { a: 1 });
        // While this request was out, another tab refreshed and stored its token.
        localStorage.setItem(storageKeys.token, 'from-other-tab');
        return apiError(401, 'UNAUTHORIZED');
      },
    });
    installSession();
    await expect(api.get('/wallet/a')).resolves.toEqual({ a: 1 });
    expect(countOf(seen, 'POST', '/auth/refresh')).toBe(0);
    expect(seen.map((r) => bearer(r.headers))).toEqual(['old', 'from-other-tab']);
  });

  it('refreshes under the Web Lock named orbita-auth-refresh when the browser has one', async () => {
    const requested: string[] = [];
    let tail = Promise.resolve();
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        requested.push(name);
        const run = tail.then(task);
        tail = run.then(
          () => undefined,
          () => undefined,
        );
        return run;
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    protectedApi();
    installSession();
    await expect(api.get('/wallet/a')).resolves.toEqual({ a: 1 });
    expect(requested).toContain(refreshLockName);
  });

  it('does not touch the session for a guest request that gets a 401', async () => {
    localStorage.clear();
    useAuthStore.setState({ user: null, isAuth: false });
    const seen = mockApi({ 'GET /wallet/a': () => apiError(401, 'UNAUTHORIZED') });
    installSession();
    await expect(api.get('/wallet/a')).rejects.toMatchObject({ status: 401 });
    expect(countOf(seen, 'POST', '/auth/refresh')).toBe(0);
  });
});
