import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * The highest ledger id under which every row is decided (committed or rolled back for good):
 * the reports job may summarise up to it and never meet a smaller id later (decision 076).
 *
 * Ids are handed out when a posting's INSERT runs, but become visible when its transaction
 * commits, so id 12 may appear after id 13. Every INSERT into ledger_entries takes the table's
 * RowExclusiveLock before it draws its id and keeps it until its transaction ends. So: read the
 * highest visible id M, then the transactions holding that lock. Any transaction that drew an
 * id below M drew it before M's posting did, hence before M committed, hence before we read M:
 * it is either finished or in that list. Once every transaction of the list has ended, every
 * id ≤ M is decided. No lock is taken and no posting waits: the job only watches.
 */
export interface HorizonOptions {
  /** How long to wait for the listed transactions to end before giving up this run. */
  waitMs: number;
  pollMs: number;
}

export async function ledgerHorizon(
  db: Database,
  options: HorizonOptions,
): Promise<bigint | undefined> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select coalesce(max(id), 0)::text as id from ledger_entries`,
  );
  const top = BigInt(rows[0]?.id ?? '0');
  let pending = await ledgerWriters(db);
  const deadline = Date.now() + options.waitMs;
  while (pending.length > 0) {
    if (Date.now() >= deadline) return undefined;
    await sleep(options.pollMs);
    const still = new Set(await ledgerWriters(db));
    pending = pending.filter((writer) => still.has(writer));
  }
  return top;
}

/** The virtual transaction ids holding ledger_entries' RowExclusiveLock in this database. */
async function ledgerWriters(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ writer: string }>(sql`
    select l.virtualtransaction as writer
    from pg_locks l
    where l.locktype = 'relation'
      and l.relation = 'ledger_entries'::regclass
      and l.database = (select oid from pg_database where datname = current_database())
      and l.mode = 'RowExclusiveLock'`);
  return rows.map((row) => row.writer);
}
