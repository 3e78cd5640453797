import { useSyncExternalStore } from 'react';

interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error';
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** A short message in the corner (the result of an action), gone after a few seconds. */
export function toast(text: string, kind: Toast['kind'] = 'info'): void {
  const id = nextId++;
  toasts = [...toasts, { id, text, kind }];
  emit();
  setTimeout(
    () => {
      toasts = toasts.filter((item) => item.id !== id);
      emit();
    },
    kind === 'error' ? 8000 : 4000,
  );
}

export function Toasts() {
  const items = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    <div className="toasts" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={item.kind === 'error' ? 'toast toast-error' : 'toast'}>
          {item.text}
        </div>
      ))}
    </div>
  );
}
