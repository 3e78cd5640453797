import { create } from 'zustand';

/** Every modal the app can show (SPEC §2 "Modals"). Only one is open at a time. */
export const modalIds = [
  'play',
  'login',
  'register',
  'verify',
  'cardPay',
  'forgotPassword',
  'terms',
  'twoFactor',
  /** The limit step right after registration (issue 29): set a deposit limit, or skip. */
  'rgOffer',
] as const;
export type ModalId = (typeof modalIds)[number];

interface ModalState {
  /** The open modal, or null when none is. */
  modal: ModalId | null;
  /** Demo mode: set when a guest clicks a game, so the game runs on its demo URL. */
  demo: boolean;
  open: (modal: ModalId) => void;
  close: () => void;
  setDemo: (demo: boolean) => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  modal: null,
  demo: false,
  open: (modal) =>
    // Opening Login or Register turns demo mode off (SPEC §2); a game click sets it again after.
    set(modal === 'login' || modal === 'register' ? { modal, demo: false } : { modal }),
  close: () => set({ modal: null }),
  setDemo: (demo) => set({ demo }),
}));
