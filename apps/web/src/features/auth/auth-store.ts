import { storageKeys } from '@casino/contracts';
import { create } from 'zustand';
import { removeStorage } from '../../shared/lib/storage';

/** The signed-in player as the client keeps it (SPEC §3 "User"). */
export interface User {
  id: string;
  username: string;
  email: string;
  /** Image URL; null shows the initials. */
  avatar: string | null;
  /** Decimal string in dollars, e.g. "1234.50": money never travels as a float. */
  balance: string;
  /** ISO timestamp of registration. */
  createdAt: string;
}

interface AuthState {
  user: User | null;
  isAuth: boolean;
  /** True while a stored session is being checked on load; guards wait instead of redirecting. */
  isChecking: boolean;
  setUser: (user: User) => void;
  setChecking: (checking: boolean) => void;
  /** Forgets the session: the stored tokens and the user. */
  logout: () => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  isAuth: false,
  isChecking: false,
  setUser: (user) => set({ user, isAuth: true, isChecking: false }),
  setChecking: (isChecking) => set({ isChecking }),
  logout: () => {
    removeStorage(storageKeys.token);
    removeStorage(storageKeys.refreshToken);
    set({ user: null, isAuth: false, isChecking: false });
  },
}));
