import { storageKeys } from '@casino/contracts';
import { i18n } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../auth-store';
import { clearStoredSession, readAccessToken } from './tokens';

/**
 * Why a session ends here:
 * - `logout`: the player pressed Log out;
 * - `expired`: a refresh was refused while the player was signed in (they are told);
 * - `quiet`: a start-up check failed (SPEC §8: logged only);
 * - `elsewhere`: another tab signed out (nothing to tell the other tabs again).
 */
export type SessionEndReason = 'logout' | 'expired' | 'quiet' | 'elsewhere';

type Listener = (reason: SessionEndReason) => void;

const listeners = new Set<Listener>();
const channelName = 'orbita-auth';
let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(channelName);
  return channel;
}

/** Runs `listener` whenever the session ends in this tab (the app clears its query cache). */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Ends the session in this tab: the stored token and refresh marker are removed (which the
 * other tabs see as a `storage` event), the user is cleared (guarded pages then redirect to /),
 * listeners run, and the other tabs are told over a BroadcastChannel too. Safe to call twice.
 */
export function endSession(reason: SessionEndReason): void {
  const { isAuth, logout } = useAuthStore.getState();
  clearStoredSession();
  logout();
  for (const listener of listeners) listener(reason);
  if (reason !== 'elsewhere') getChannel()?.postMessage({ type: 'signed-out' });
  if (reason === 'expired' && isAuth) {
    toast.error(i18n.t('session.expired'), i18n.t('session.title'));
  }
}

/**
 * Follows the other tabs: a removed `token` (or a "signed-out" message) signs this tab out; a
 * token that appears while this tab is a guest means the player signed in elsewhere, and
 * `restore` picks the session up. A changed token is another tab's refresh: nothing to do,
 * since every request reads the token from storage.
 */
export function watchSessionAcrossTabs(restore: () => void): () => void {
  const signedInHere = () => {
    const { isAuth, isChecking } = useAuthStore.getState();
    return isAuth || isChecking;
  };

  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage.
    if (event.key !== storageKeys.token && event.key !== null) return;
    const token = event.key === null ? readAccessToken() : event.newValue;
    if (!token) {
      if (signedInHere()) endSession('elsewhere');
    } else if (!signedInHere()) {
      restore();
    }
  };

  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (
      typeof data === 'object' &&
      data !== null &&
      (data as { type?: unknown }).type === 'signed-out' &&
      signedInHere()
    ) {
      endSession('elsewhere');
    }
  };

  window.addEventListener('storage', onStorage);
  const bus = getChannel();
  bus?.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener('storage', onStorage);
    bus?.removeEventListener('message', onMessage);
  };
}
