import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from './toast-store';

// SPEC §9: one toast dropped every 3000 ms; §2: a 0.3 s animation.
const toastIntervalMs = 3000;
const toastExitMs = 300;

const state = () => useToastStore.getState();
const messages = () => state().toasts.map((toast) => toast.message);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  state().clear();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('adds toasts with unique ids', () => {
    const ids = new Set(
      Array.from({ length: 50 }, (_, i) => state().add({ status: 'success', message: `${i}` })),
    );
    expect(ids.size).toBe(50);
    expect(state().toasts).toHaveLength(50);
  });

  it('removes one toast at once', () => {
    const first = state().add({ status: 'success', message: 'a' });
    state().add({ status: 'error', message: 'b' });
    state().remove(first);
    expect(messages()).toEqual(['b']);
  });

  it('drops the oldest toast every 3 s while any exist', () => {
    state().add({ status: 'success', message: 'a' });
    vi.advanceTimersByTime(1000);
    state().add({ status: 'error', message: 'b' });
    state().add({ status: 'error', message: 'c' });

    vi.advanceTimersByTime(toastIntervalMs - 1000 - 1);
    expect(messages()).toEqual(['a', 'b', 'c']);

    vi.advanceTimersByTime(1); // t = 3 s: the oldest starts leaving
    expect(state().toasts[0]).toMatchObject({ message: 'a', closing: true });
    vi.advanceTimersByTime(toastExitMs); // and is gone after its 0.3 s animation
    expect(messages()).toEqual(['b', 'c']);

    vi.advanceTimersByTime(toastIntervalMs);
    vi.advanceTimersByTime(toastExitMs);
    expect(messages()).toEqual(['c']);

    vi.advanceTimersByTime(toastIntervalMs + toastExitMs);
    expect(messages()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0); // the ticker stops once the area is empty
  });

  it('dismisses with the exit animation, once', () => {
    const id = state().add({ status: 'success', message: 'a' });
    state().dismiss(id);
    state().dismiss(id);
    expect(state().toasts[0]?.closing).toBe(true);
    vi.advanceTimersByTime(toastExitMs);
    expect(state().toasts).toEqual([]);
  });

  it('restarts the ticker for toasts added after the area emptied', () => {
    const id = state().add({ status: 'success', message: 'a' });
    state().remove(id);
    expect(vi.getTimerCount()).toBe(0);
    state().add({ status: 'success', message: 'b' });
    vi.advanceTimersByTime(toastIntervalMs + toastExitMs);
    expect(state().toasts).toEqual([]);
  });
});
