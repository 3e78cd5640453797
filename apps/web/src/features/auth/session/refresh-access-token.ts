import { isApiError } from '../../../shared/lib/api-client';
import { withCrossTabLock } from '../../../shared/lib/cross-tab-lock';
import { postRefresh } from '../api/refresh';
import { readAccessToken, storeAccessToken } from './tokens';

/** The Web Locks name every tab refreshes under. */
export const refreshLockName = 'orbita-auth-refresh';

/** The session is over: the token was removed by another tab, or the refresh was refused. */
export class SessionOverError extends Error {
  override readonly name = 'SessionOverError';
}

let inflight: Promise<string> | null = null;

/**
 * A fresh access token after `failedToken` was refused (null: none is stored, a silent
 * start-up refresh). The rules (docs/decisions/010-web-session-tokens.md):
 *
 * 1. One refresh per tab at a time: every caller while one runs shares its promise.
 * 2. One refresh per browser at a time: the work runs under a cross-tab lock, because a
 *    refresh token works once and presenting a used one revokes the whole session.
 * 3. Inside the lock, the stored token is read again. If it differs from the refused one,
 *    another tab (or an earlier refresh in this one) has renewed already: use it, no call.
 *    If it is gone, another tab signed out: the session is over here too.
 */
export function refreshAccessToken(failedToken: string | null): Promise<string> {
  inflight ??= withCrossTabLock(refreshLockName, () => renew(failedToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function renew(failedToken: string | null): Promise<string> {
  const stored = readAccessToken();
  if (stored && stored !== failedToken) return stored;
  if (!stored && failedToken) throw new SessionOverError('The session was ended in another tab');
  const tokens = await postRefresh();
  storeAccessToken(tokens.access_token);
  return tokens.access_token;
}

/**
 * True when a refresh failure means the session is over (sign out), false when it was only
 * unreachable, overloaded or rate-limited (keep the session and let the caller fail).
 */
export function isSessionOver(error: unknown): boolean {
  if (error instanceof SessionOverError) return true;
  if (!isApiError(error)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
