import { AsyncResource } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** The channel every instance LISTENs on for other processes' postings (decision 050). */
export const balanceChannel = 'wallet_balance';

/** One committed ledger row that moved money, as announced to other processes. */
export interface BalanceNotice {
  id: string;
  user_id: string;
  /**
   * The posting's process ran its own `onPosted` listeners (wallet-events.ts): the others
   * must not act on it again. Absent from a command's notices and from older instances'.
   */
  acted?: true;
}

/** NOTIFY refuses payloads of 8000 bytes or more; stay clear of it. */
const maxPayloadBytes = 7_000;
/**
 * After a NOTIFY, the next waits this long (ms), so a busy process sends at most about 50 a
 * second whatever its posting rate: each NOTIFY is a transaction, and it wakes every
 * instance's listening connection. Other instances' live balances lag by as much at most
 * (decision 109: about a tenth less CPU per callback under load).
 */
const defaultGapMs = 20;

export interface BalancePublisher {
  /** Queues a committed row's notice; sent soon, together with the others queued meanwhile. */
  publish(notice: BalanceNotice): void;
  /** Resolves when every notice queued so far has been sent (or has failed). */
  flush(): Promise<void>;
}

/**
 * Announces this process's committed postings to the other processes, AFTER their commit and
 * outside their transaction (decision 060, "NOTIFY from the application").
 *
 * Why not a trigger in the posting's transaction (migration 0011, now dropped): PostgreSQL
 * serialises the commits of every transaction that queued a NOTIFY (one database-wide lock
 * from before the commit record until it is flushed), so postings that notified could never
 * share a WAL flush. Here the postings commit freely and the notices of all postings that
 * committed while one NOTIFY was in flight go together in the next one: one small transaction
 * per batch, whatever the posting rate, and at most one per `gapMs`. The payload is a JSON
 * array of notices.
 *
 * Best effort, like the trigger was for a listener that was down: a failed NOTIFY is reported
 * and dropped (live updates, not a queue; the statement page reads the ledger itself).
 */
export function createBalancePublisher(
  db: Database,
  onError: (error: unknown) => void,
  gapMs = defaultGapMs,
): BalancePublisher {
  let pending: BalanceNotice[] = [];
  let running: Promise<void> | null = null;
  // One NOTIFY carries the notices of many requests, so it runs in the context the publisher
  // was made in (the app's start), not in the request that happened to queue first: it is no
  // part of that request's trace, nor of its logs.
  const scope = new AsyncResource('BalancePublisher');

  async function drain(): Promise<void> {
    // Let the postings answered in this tick (a group commit's batch) join the first NOTIFY.
    await Promise.resolve();
    while (pending.length > 0) {
      const { payload, rest } = takeBatch(pending);
      pending = rest;
      try {
        await db.execute(sql`select pg_notify(${balanceChannel}, ${payload})`);
      } catch (error) {
        onError(error);
      }
      // The notices that come meanwhile wait for the gap and go together in the next.
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  }

  return {
    publish(notice) {
      pending.push(notice);
      running ??= scope.runInAsyncScope(drain).finally(() => {
        running = null;
      });
    },
    async flush() {
      while (running) await running;
    },
  };
}

/** The longest head of `queue` whose JSON array fits one NOTIFY, and what is left. */
function takeBatch(queue: BalanceNotice[]): { payload: string; rest: BalanceNotice[] } {
  const parts: string[] = [];
  let bytes = 2;
  let taken = 0;
  for (const notice of queue) {
    const part = JSON.stringify(notice);
    if (taken > 0 && bytes + part.length + 1 > maxPayloadBytes) break;
    parts.push(part);
    bytes += part.length + 1;
    taken++;
  }
  return { payload: `[${parts.join(',')}]`, rest: queue.slice(taken) };
}

/** The notices of one payload: an array (this publisher) or one object (older instances). */
export function parseBalanceNotices(payload: string): BalanceNotice[] {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return [];
  }
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.filter(isNotice);
}

function isNotice(value: unknown): value is BalanceNotice {
  if (typeof value !== 'object' || value === null) return false;
  const { id, user_id, acted } = value as Partial<BalanceNotice>;
  return (
    typeof id === 'string' &&
    /^\d+$/.test(id) &&
    typeof user_id === 'string' &&
    (acted === undefined || acted === true)
  );
}
