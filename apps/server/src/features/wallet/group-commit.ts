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
 * Group commit for bets and wins (decision 060; TigerBeetle's lesson): while a posting of a
 * wallet is in flight, the wallet's next postings wait in arrival order, and when it ends they
 * go together, in that order, as ONE statement (ledger_apply_many: one transaction, one
 * commit, one round trip). Each is still answered on its own and idempotent on its own key.
 * Nothing waits on a timer: a lone posting goes at once, and a batch is only what arrived while
 * the wallet was busy anyway (its row lock would have queued them in PostgreSQL instead).
 *
 * Isolation: an error of the batch statement rolls the whole batch back, and its postings are
 * then applied one by one, so one posting's failure is never another's. Only this process's
 * postings are grouped; other instances still meet at the wallet's row lock.
 */
export interface GroupCommit {
  post(apply: Apply): Promise<PostingResult>;
}

/** At most this many postings in one statement (a bounded transaction and statement text). */
const maxBatch = 64;
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

export function createGroupCommit(db: Database, events: WalletEvents): GroupCommit {
  /** A wallet with a posting in flight → the postings waiting for it, in arrival order. */
  const busy = new Map<string, Waiting[]>();
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

  /** The posting's row, applied alone or with the wallet's others. */
  const submit = (apply: Apply): Promise<ApplyRow> => {
    const waiting = busy.get(apply.userId);
    if (waiting !== undefined) {
      return new Promise((resolve, reject) => waiting.push({ apply, resolve, reject }));
    }
    const queue: Waiting[] = [];
    busy.set(apply.userId, queue);
    return runOne(apply).finally(() => {
      void drain(apply.userId, queue);
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
