import { isApiError } from '../../../shared/lib/api-client';
import { fetchMe, toUser } from '../api/get-me';
import { useAuthStore } from '../auth-store';
import { isSessionOver, refreshAccessToken } from './refresh-access-token';
import { endSession } from './session-events';
import { readAccessToken } from './tokens';

/**
 * Start-up (SPEC §4 "Authentication"): with a stored token, GET /user/me (a 401 goes through
 * the refresh); with only the refresh marker, one silent refresh first. Failure leaves a guest
 * and is only logged (SPEC §8); a session the server refused is cleared, while an unreachable
 * server keeps the stored token for the next load.
 */
export async function restoreSession(): Promise<void> {
  const { setUser, setChecking } = useAuthStore.getState();
  try {
    if (!readAccessToken()) await refreshAccessToken(null);
    const me = await fetchMe();
    // Another tab may have signed out while the answer was on its way.
    if (!readAccessToken()) {
      setChecking(false);
      return;
    }
    setUser(toUser(me));
  } catch (error) {
    console.warn('The stored session could not be restored', error);
    if (isSessionOver(error) || (isApiError(error) && error.status === 401)) endSession('quiet');
    else setChecking(false);
  }
}
