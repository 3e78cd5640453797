import { create } from 'zustand';

/** Open state of the shell's sliding panels. */
interface ShellState {
  /** The sidebar menu on screens narrower than 1280 px (always shown from 1280 px). */
  menuOpen: boolean;
  chatOpen: boolean;
  openMenu: () => void;
  closeMenu: () => void;
  toggleChat: () => void;
  closeChat: () => void;
}

export const useShellStore = create<ShellState>()((set) => ({
  menuOpen: false,
  chatOpen: false,
  openMenu: () => set({ menuOpen: true }),
  closeMenu: () => set({ menuOpen: false }),
  toggleChat: () => set((state) => ({ chatOpen: !state.chatOpen })),
  closeChat: () => set({ chatOpen: false }),
}));
