import { storageKeys } from '@casino/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAuthStore, type User } from '../features/auth';
import { i18n } from '../shared/i18n/i18n';
import { useToastStore } from '../shared/ui/toast/toast-store';

/** The player the signed-in tests use (a field given to signIn replaces its own). */
export const testPlayer: User = {
  id: 'u1',
  username: 'lucky_star',
  email: 'lucky@example.com',
  avatar: null,
  balance: '100.00',
  createdAt: '2024-03-17T11:21:00Z',
};

/** Signs the test player in; with `token`, the access token is stored as the app stores it. */
export function signIn(fields: Partial<User> = {}, token?: string): void {
  if (token) localStorage.setItem(storageKeys.token, token);
  useAuthStore.getState().setUser({ ...testPlayer, ...fields });
}

/** Signs the player out and ends what a test stubbed. */
export function signOut(): void {
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null, isAuth: false });
}

/**
 * Every test of the file runs signed in, in English, with no toast left from the one before;
 * afterwards the player is signed out and the language is the default again.
 */
export function signedInInEnglish(fields: Partial<User> = {}): void {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useToastStore.setState({ toasts: [] });
    signIn(fields);
  });
  afterEach(async () => {
    signOut();
    await i18n.changeLanguage('ru');
  });
}
