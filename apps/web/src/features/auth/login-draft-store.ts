import { create } from 'zustand';

interface LoginDraftState {
  /** What was typed into the login form when it was sent; restored if the login fails. */
  email: string;
  password: string;
  save: (values: { email: string; password: string }) => void;
  clear: () => void;
}

export const useLoginDraftStore = create<LoginDraftState>()((set) => ({
  email: '',
  password: '',
  save: ({ email, password }) => set({ email, password }),
  clear: () => set({ email: '', password: '' }),
}));
