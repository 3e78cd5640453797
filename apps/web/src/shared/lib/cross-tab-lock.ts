import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * Runs `task` while holding a lock that every tab of this origin respects, so two tabs never
 * do the same one-at-a-time work at once (the token refresh: a refresh token works once).
 *
 * The Web Locks API does it properly, and releases the lock when a tab closes or crashes. Where
 * it is missing (old browsers), a lease in local storage does a best-effort job: a lease that
 * expires, so a tab that died holding it blocks the others for at most `leaseMs`.
 */
export async function withCrossTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    return locks.request(name, () => task());
  }
  return withStorageLease(name, task);
}

interface Lease {
  owner: string;
  expires: number;
}

export const leaseOptions = {
  /** How long a lease holds without being released. */
  leaseMs: 10_000,
  /** Time given to a racing tab's write to land before a lease counts as ours. */
  settleMs: 40,
  /** Pause between attempts while another tab holds the lease. */
  pollMs: 60,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function readLease(key: string): Lease | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Lease>;
    return typeof value.owner === 'string' && typeof value.expires === 'number'
      ? { owner: value.owner, expires: value.expires }
      : null;
  } catch {
    return null;
  }
}

let ownerSequence = 0;

async function withStorageLease<T>(name: string, task: () => Promise<T>): Promise<T> {
  const key = `lock:${name}`;
  const owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${(ownerSequence += 1)}`;
  // Never wait forever: past the longest possible lease, go ahead (the task's own checks,
  // such as "has another tab already refreshed?", still hold).
  const giveUpAt = Date.now() + leaseOptions.leaseMs + 1_000;
  let held = false;

  while (!held && Date.now() < giveUpAt) {
    const lease = readLease(key);
    if (!lease || lease.expires <= Date.now()) {
      writeStorage(key, JSON.stringify({ owner, expires: Date.now() + leaseOptions.leaseMs }));
      const written = readLease(key);
      if (!written) break; // storage unavailable: there is nothing to coordinate through
      await sleep(leaseOptions.settleMs);
      held = readLease(key)?.owner === owner;
      if (held) break;
    }
    await sleep(leaseOptions.pollMs + Math.random() * leaseOptions.pollMs);
  }

  try {
    return await task();
  } finally {
    if (held && readLease(key)?.owner === owner) removeStorage(key);
  }
}
