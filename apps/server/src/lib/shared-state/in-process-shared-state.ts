import type { Clock } from '../clock';
import type { SharedState } from './shared-state';

interface Counter {
  value: number;
  expiresAt: number;
}

/**
 * SharedState for one process: a map of listeners and a map of counters. Messages are
 * delivered on a later tick, as Redis would, so code written against this one does not come
 * to rely on synchronous delivery. Expired counters are dropped when touched and swept by
 * size, so a long-running server keeps no dead keys.
 */
export function createInProcessSharedState(clock: Clock): SharedState {
  const listeners = new Map<string, Set<(message: string) => void>>();
  const counters = new Map<string, Counter>();
  /** Leases by key: member → expiry (ms). */
  const leases = new Map<string, Map<string, number>>();
  let closed = false;

  const live = (key: string): Counter | undefined => {
    const counter = counters.get(key);
    if (counter && counter.expiresAt <= clock.now().getTime()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };

  const sweep = () => {
    const now = clock.now().getTime();
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
  };

  return {
    kind: 'in-process',
    connected: () => true,
    publish(channel, message) {
      if (closed) return Promise.resolve();
      const targets = [...(listeners.get(channel) ?? [])];
      setImmediate(() => {
        for (const listener of targets) listener(message);
      });
      return Promise.resolve();
    },
    subscribe(channel, listener) {
      // A wrapper per call, so the same function subscribed twice is two subscriptions.
      const entry = (message: string) => listener(message);
      const set = listeners.get(channel) ?? new Set();
      set.add(entry);
      listeners.set(channel, set);
      return Promise.resolve(() => {
        set.delete(entry);
        if (set.size === 0) listeners.delete(channel);
        return Promise.resolve();
      });
    },
    increment(key, by, ttlMs) {
      const existing = live(key);
      if (existing) {
        existing.value += by;
        return Promise.resolve(existing.value);
      }
      if (counters.size >= 10_000) sweep();
      counters.set(key, { value: by, expiresAt: clock.now().getTime() + ttlMs });
      return Promise.resolve(by);
    },
    read(key) {
      return Promise.resolve(live(key)?.value ?? 0);
    },
    remainingMs(key) {
      const counter = live(key);
      return Promise.resolve(counter ? counter.expiresAt - clock.now().getTime() : 0);
    },
    acquireLease(key, member, limit, ttlMs) {
      const now = clock.now().getTime();
      const held = leases.get(key) ?? new Map<string, number>();
      for (const [who, expiresAt] of held) if (expiresAt <= now) held.delete(who);
      if (!held.has(member) && held.size >= limit) return Promise.resolve(false);
      held.set(member, now + ttlMs);
      leases.set(key, held);
      return Promise.resolve(true);
    },
    releaseLease(key, member) {
      const held = leases.get(key);
      held?.delete(member);
      if (held?.size === 0) leases.delete(key);
      return Promise.resolve();
    },
    close() {
      closed = true;
      listeners.clear();
      counters.clear();
      leases.clear();
      return Promise.resolve();
    },
  };
}
