import { create } from 'zustand';

interface TwoFactorLoginState {
  /** The challenge login answered (the password was right); null when no second step waits. */
  challenge: string | null;
  /** When the second step closes (ms since the epoch). */
  expiresAt: number;
  start: (challenge: string, expiresInSeconds: number) => void;
  clear: () => void;
}

/** The login's second step (docs/decisions/051): kept in memory only, never stored. */
export const useTwoFactorLoginStore = create<TwoFactorLoginState>()((set) => ({
  challenge: null,
  expiresAt: 0,
  start: (challenge, expiresInSeconds) =>
    set({ challenge, expiresAt: Date.now() + expiresInSeconds * 1000 }),
  clear: () => set({ challenge: null, expiresAt: 0 }),
}));
