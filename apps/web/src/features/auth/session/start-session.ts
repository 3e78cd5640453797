import { setAccessTokenRenewer } from '../../../shared/lib/access-token-renewer';
import { useAuthStore } from '../auth-store';
import { endSession, watchSessionAcrossTabs } from './session-events';
import { hasRefreshMarker, markStoredSession, readAccessToken } from './tokens';

/*
 * The part of the session code every visitor downloads: a few checks and two listeners. The
 * refresh (with its cross-tab lock) and the start-up restore are loaded on first need, so a
 * guest's first download stays small.
 */
const loadRefresh = () => import('./refresh-access-token');

/** The API client's 401 handler: one shared refresh; a refused one ends the session. */
export async function renewAccessToken(failedToken: string): Promise<string> {
  const { refreshAccessToken, isSessionOver } = await loadRefresh();
  try {
    return await refreshAccessToken(failedToken);
  } catch (error) {
    if (isSessionOver(error)) endSession('expired');
    throw error;
  }
}

let restoring: Promise<void> | null = null;

/** Picks up a stored session (on load, or after another tab signed in). */
export function restoreStoredSession(): Promise<void> {
  if (!readAccessToken() && !hasRefreshMarker()) return Promise.resolve();
  // Guarded routes wait for the answer instead of redirecting a returning player to /.
  useAuthStore.getState().setChecking(true);
  restoring ??= import('./restore-session')
    .then((module) => module.restoreSession())
    .catch((error: unknown) => {
      console.warn('The session code could not be loaded', error);
      useAuthStore.getState().setChecking(false);
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Called once from main.tsx. Returns a function that undoes it (tests). */
export function startSession(): () => void {
  setAccessTokenRenewer(renewAccessToken);
  // A session stored before the server's hint existed (or ended in another tab) is told now.
  markStoredSession();
  const stopWatching = watchSessionAcrossTabs(() => void restoreStoredSession());
  void restoreStoredSession();
  return () => {
    stopWatching();
    setAccessTokenRenewer(null);
  };
}
