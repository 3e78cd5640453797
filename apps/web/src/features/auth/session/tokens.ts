import { pageCookies, storageKeys } from '@casino/contracts';
import { writePreferenceCookie } from '../../../shared/lib/preference-cookie';
import { readStorage, removeStorage, writeStorage } from '../../../shared/lib/storage';

/**
 * What the browser keeps of a session (docs/decisions/010-web-session-tokens.md):
 *
 * - `token`: the short-lived access token, in local storage so every tab shares it.
 * - The refresh token lives ONLY in an httpOnly cookie (path /api/auth) that scripts never see.
 * - `refreshToken`: not a token but a marker, "a refresh cookie was issued to this browser".
 *   It lets a start-up without an access token try one silent refresh, and a guest who never
 *   signed in skip that call. The SPEC names this key and removes it on refresh failure.
 */
export const refreshCookieMarker = 'httpOnly-cookie';

export function readAccessToken(): string | null {
  return readStorage(storageKeys.token);
}

export function hasRefreshMarker(): boolean {
  return readStorage(storageKeys.refreshToken) === refreshCookieMarker;
}

/**
 * Tells the server whether this browser keeps a session (decision 057): the page it sends
 * then preloads no guest API answers, which a signed-in player's requests (with a token)
 * could not use. A hint for that only, never trusted.
 */
export function markStoredSession(): void {
  writePreferenceCookie(pageCookies.session, readAccessToken() || hasRefreshMarker() ? '1' : null);
}

/** Stores a fresh access token (after login, verification or refresh). */
export function storeAccessToken(accessToken: string): void {
  writeStorage(storageKeys.token, accessToken);
  writeStorage(storageKeys.refreshToken, refreshCookieMarker);
  markStoredSession();
}

/** Forgets the session in this browser: both keys, so every tab sees the `token` removal. */
export function clearStoredSession(): void {
  removeStorage(storageKeys.token);
  removeStorage(storageKeys.refreshToken);
  markStoredSession();
}
