import { pageCookies, storageKeys } from '@casino/contracts';
import { create } from 'zustand';
import { writePreferenceCookie } from '../../shared/lib/preference-cookie';
import { removeStorage } from '../../shared/lib/storage';

/** The signed-in player as the client keeps it (SPEC §3 "User"). */
export interface User {
  id: string;
  username: string;
  email: string;
  /** Image URL; null shows the default avatar. */
  avatar: string | null;
  /** Decimal string in dollars, e.g. "1234.50": money never travels as a float. */
  balance: string;
  /** The part of `balance` that is bonus money still to be wagered (decision 039). */
  bonus?: string;
  /** ISO timestamp of registration. */
  createdAt: string;
}

interface AuthState {
  user: User | null;
  isAuth: boolean;
  /** True while a stored session is being checked on load; guards wait instead of redirecting. */
  isChecking: boolean;
  setUser: (user: User) => void;
  /** Changes some fields of the signed-in player (a new avatar, a new name). */
  updateUser: (changes: Partial<User>) => void;
  setChecking: (checking: boolean) => void;
  /**
   * Forgets the player: the stored token and refresh marker, and the user (SPEC §4). Prefer
   * `endSession` (features/auth/session), which also tells the other tabs and the query cache.
   */
  logout: () => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  isAuth: false,
  isChecking: false,
  setUser: (user) => set({ user, isAuth: true, isChecking: false }),
  updateUser: (changes) =>
    set((state) => (state.user ? { user: { ...state.user, ...changes } } : {})),
  setChecking: (isChecking) => set({ isChecking }),
  logout: () => {
    removeStorage(storageKeys.token);
    removeStorage(storageKeys.refreshToken);
    // No session stored any more: the server's next page is a guest's (decision 057).
    writePreferenceCookie(pageCookies.session, null);
    set({ user: null, isAuth: false, isChecking: false });
  },
}));
