import type { Database } from '../../db/database';
import { executePrepared, preparesByName } from '../../db/named-statement';
import { uniqueViolation } from '../../db/unique-violation';
import {
  answerOf,
  applyManyPrepared,
  applyManyStatement,
  applyStatement,
  type Apply,
  type ApplyRow,
} from './ledger-apply';
import type { PostingResult } from './ledger-types';
import type { WalletEvents } from './wallet-events';

/**
 * Group commit for bets and wins (decisions 060 and 109; TigerBeetle's lesson), at two levels:
 *
 * - **One wallet:** while a posting of a wallet is in flight or waiting, the wallet's next
 *   postings wait in arrival order, and when it ends they go together, in that order, as ONE
 *   statement (ledger_apply_many: one transaction, one commit, one round trip).
 * - **Across wallets:** at most `statementsInFlight` statements of the process's idle wallets
 *   run at once; postings that arrive meanwhile wait, and the first statement to end sends
 *   them together, one per wallet, as one ledger_apply_many. A transaction's fixed cost
 *   (begin, commit and its WAL flush, the round trip, the protocol's messages) is then shared
 *   by the batch: PostgreSQL spent about half the CPU per posting (decision 109).
 *
 * Each posting is still answered on its own and idempotent on its own key. Nothing waits on a
 * timer: a posting goes at once while a slot is free, and a batch is only what arrived while
 * the slots were busy. A statement that has not ended after `slotHoldMs` (a wallet locked by
 * another transaction, say) gives its slot up, so one slow wallet never stalls the others
 * beyond that.
 *
 * Isolation: an error of the batch statement rolls the whole batch back, and its postings are
 * then applied one by one, so one posting's failure is never another's. A cross-wallet batch
 * locks its wallets in the order of their ids, so two batches (of two instances) never wait
 * for each other in a cycle. Only this process's postings are grouped; other instances still
 * meet at the wallet's row lock.
 */
export interface GroupCommit {
  post(apply: Apply): Promise<PostingResult>;
}

export interface GroupCommitOptions {
  /** Statements of idle wallets in flight at once; more postings wait for one to end. */
  statementsInFlight?: number;
  /** A statement still running after this long gives its slot up (ms). */
  slotHoldMs?: number;
}

/** At most this many postings in one statement (a bounded transaction and statement text). */
const maxBatch = 64;
/**
 * One statement of idle wallets at a time: the postings that arrive while it runs go in the
 * next. On the two-core machine one gave the most postings per second and the least CPU per
 * posting, two and four less (decision 109). Where PostgreSQL has many more cores than the
 * server's share of them, a second slot lets two batches run at once.
 */
const defaultStatementsInFlight = 1;
/** Longer than a batch of 64 takes on a loaded machine, far shorter than a lock wait. */
const defaultSlotHoldMs = 50;
// A unique index of ours broken by a concurrent posting of ANOTHER wallet holding the same
// key: the statement rolled back as a whole, and a second attempt answers it as a replay.
const maxAttempts = 3;
const ourUniqueIndexes = new Set([
  'ledger_entries_idempotency_key',
  'ledger_entries_bet_once',
  'ledger_entries_refund_once',
]);

interface Waiting {
  apply: Apply;
  resolve(row: ApplyRow): void;
  reject(error: unknown): void;
}

export function createGroupCommit(
  db: Database,
  events: WalletEvents,
  options: GroupCommitOptions = {},
): GroupCommit {
  const statementsInFlight = options.statementsInFlight ?? defaultStatementsInFlight;
  const slotHoldMs = options.slotHoldMs ?? defaultSlotHoldMs;
  // 0 slots would never send a posting of an idle wallet: refused where it is set.
  if (!Number.isInteger(statementsInFlight) || statementsInFlight < 1) {
    throw new Error(
      `statementsInFlight must be a whole number of 1 or more, not ${statementsInFlight}`,
    );
  }
  if (!(slotHoldMs > 0)) throw new Error(`slotHoldMs must be more than 0, not ${slotHoldMs}`);
  /** A wallet with a posting in flight or ready → the postings waiting for it, in order. */
  const busy = new Map<string, Waiting[]>();
  /** The first posting of each idle wallet that arrived while every slot was taken. */
  const ready: Waiting[] = [];
  let slotsTaken = 0;
  /** PostgreSQL's pool: a batch goes as a prepared statement too (decision 097). */
  const byName = preparesByName(db);

  const runOne = async (apply: Apply): Promise<ApplyRow> => {
    const { statement, values } = applyStatement(apply);
    const { rows } = await executePrepared<ApplyRow>(db, statement, values);
    const row = rows[0];
    if (!row) throw new Error(`ledger_apply returned no row for ${apply.txId}`);
    return row;
  };

  const runBatch = async (batch: Waiting[]): Promise<void> => {
    let rows: ApplyRow[] | undefined;
    if (batch.length > 1) {
      try {
        const applies = batch.map((w) => w.apply);
        const batchPrepared = byName ? applyManyPrepared(applies) : undefined;
        rows = (
          batchPrepared
            ? await executePrepared<ApplyRow & { ord: number }>(
                db,
                batchPrepared.statement,
                batchPrepared.values,
              )
            : await db.execute<ApplyRow & { ord: number }>(applyManyStatement(applies))
        ).rows;
      } catch {
        // Rolled back as a whole: each posting on its own below, so each gets its own answer.
        rows = undefined;
      }
    }
    if (rows && rows.length === batch.length) {
      batch.forEach((w, i) => w.resolve(rows[i]!));
      return;
    }
    for (const w of batch) {
      try {
        w.resolve(await runOne(w.apply));
      } catch (error) {
        w.reject(error);
      }
    }
  };

  /** Runs the wallet's waiting postings (a batch at a time) until none is left. */
  const drain = async (userId: string, waiting: Waiting[]): Promise<void> => {
    while (waiting.length > 0) await runBatch(waiting.splice(0, maxBatch));
    busy.delete(userId);
  };

  /**
   * The next cross-wallet batch out of `ready`: in arrival order, up to `maxBatch`, and on
   * PostgreSQL's pool only bets of one admission condition (one prepared statement; the
   * others wait for the next batch). Sorted by wallet for the lock order (one posting per
   * wallet, so no wallet's order changes).
   */
  const takeReady = (): Waiting[] => {
    let condition: string | undefined;
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    for (const w of ready) {
      const name = w.apply.admission?.name;
      if (
        batch.length < maxBatch &&
        (!byName || name === undefined || condition === undefined || name === condition)
      ) {
        condition ??= name;
        batch.push(w);
      } else {
        left.push(w);
      }
    }
    ready.splice(0, ready.length, ...left);
    return batch.sort((a, b) =>
      a.apply.userId < b.apply.userId ? -1 : a.apply.userId > b.apply.userId ? 1 : 0,
    );
  };

  /** Sends ready postings while a slot is free; each wallet then runs what queued behind it. */
  const pump = (): void => {
    while (slotsTaken < statementsInFlight && ready.length > 0) {
      const batch = takeReady();
      slotsTaken++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        slotsTaken--;
        pump();
      };
      const slow = setTimeout(release, slotHoldMs);
      void runBatch(batch).finally(() => {
        clearTimeout(slow);
        for (const w of batch) {
          const userId = w.apply.userId;
          void drain(userId, busy.get(userId) ?? []);
        }
        release();
      });
    }
  };

  /** The posting's row, applied alone or with other postings. */
  const submit = (apply: Apply): Promise<ApplyRow> => {
    const waiting = busy.get(apply.userId);
    if (waiting !== undefined) {
      return new Promise((resolve, reject) => waiting.push({ apply, resolve, reject }));
    }
    busy.set(apply.userId, []);
    return new Promise((resolve, reject) => {
      ready.push({ apply, resolve, reject });
      pump();
    });
  };

  return {
    async post(apply) {
      for (let attempt = 1; ; attempt++) {
        let row: ApplyRow;
        try {
          row = await submit(apply);
        } catch (error) {
          const index = uniqueViolation(error);
          if (attempt < maxAttempts && index !== undefined && ourUniqueIndexes.has(index)) {
            continue;
          }
          throw error;
        }
        const result = answerOf(apply, row);
        if (result.outcome === 'applied')
          events.announceCommitted(result.entry, row.rg_watch === true);
        return result;
      }
    },
  };
}
