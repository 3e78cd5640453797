import { create } from 'zustand';

/** Success shows green; every other status shows red (SPEC §2 "Toast area"). */
export type ToastStatus = 'success' | 'error';

export interface Toast {
  id: string;
  status: ToastStatus;
  title?: string | undefined;
  message: string;
  /** True during the 0.3 s exit animation, just before the toast is removed. */
  closing: boolean;
}

export interface ToastInput {
  status: ToastStatus;
  title?: string | undefined;
  message: string;
}

/** The oldest toast is dropped every 3 s while any exist (SPEC §4, §9). */
export const toastIntervalMs = 3000;
/** Length of the exit animation; matches --dur-toast. */
export const toastExitMs = 300;

interface ToastState {
  toasts: Toast[];
  /** Shows a toast and returns its id. */
  add: (toast: ToastInput) => string;
  /** Removes a toast at once. */
  remove: (id: string) => void;
  /** Plays the exit animation, then removes the toast. */
  dismiss: (id: string) => void;
  clear: () => void;
}

let sequence = 0;
// crypto.randomUUID is missing outside secure contexts (plain http on a LAN address), and a
// per-page counter is unique enough for ids that never leave the tab.
const nextId = () => `toast-${Date.now().toString(36)}-${(sequence += 1)}`;

let ticker: ReturnType<typeof setInterval> | null = null;
const exitTimers = new Map<string, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => {
  const stopTicker = () => {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  };

  const tick = () => {
    const oldest = get().toasts.find((toast) => !toast.closing);
    if (oldest) get().dismiss(oldest.id);
    else stopTicker();
  };

  return {
    toasts: [],
    add: (input) => {
      const id = nextId();
      set((state) => ({ toasts: [...state.toasts, { ...input, id, closing: false }] }));
      ticker ??= setInterval(tick, toastIntervalMs);
      return id;
    },
    remove: (id) => {
      const timer = exitTimers.get(id);
      if (timer !== undefined) clearTimeout(timer);
      exitTimers.delete(id);
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
      if (get().toasts.length === 0) stopTicker();
    },
    dismiss: (id) => {
      const toast = get().toasts.find((item) => item.id === id);
      if (!toast || toast.closing) return;
      set((state) => ({
        toasts: state.toasts.map((item) => (item.id === id ? { ...item, closing: true } : item)),
      }));
      exitTimers.set(
        id,
        setTimeout(() => get().remove(id), toastExitMs),
      );
    },
    clear: () => {
      for (const timer of exitTimers.values()) clearTimeout(timer);
      exitTimers.clear();
      stopTicker();
      set({ toasts: [] });
    },
  };
});

/** Shortcut for callers outside React (mutation error handlers, for example). */
export const toast = {
  success: (message: string, title?: string) =>
    useToastStore.getState().add({ status: 'success', message, title }),
  error: (message: string, title?: string) =>
    useToastStore.getState().add({ status: 'error', message, title }),
};
