import type { Database } from './database';

/**
 * A caller's step run inside a service's own transaction, last, after the service's change
 * and before the commit: the staff feature's audit row (decision 081), which so commits or
 * rolls back with the change. `changed` is what the service changed (its row, its entry).
 * A step that throws rolls the change back. Run only when something changed: a repeat that
 * changes nothing does not run it.
 */
export type InTransaction<T> = (tx: Database, changed: T) => Promise<void>;

/**
 * Runs `change` (on `db` alone, or in a transaction with `step` after it when a step is
 * given); `changed` is set when something changed, and only then does the step run.
 */
export async function withStep<C, R>(
  db: Database,
  step: InTransaction<C> | undefined,
  change: (tx: Database) => Promise<{ changed?: C; result: R }>,
): Promise<R> {
  if (!step) return (await change(db)).result;
  return db.transaction(async (tx) => {
    const outcome = await change(tx);
    if ('changed' in outcome) await step(tx, outcome.changed as C);
    return outcome.result;
  });
}
