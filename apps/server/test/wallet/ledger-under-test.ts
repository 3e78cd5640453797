import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { systemClock } from '../../src/lib/clock';
import { createTestDb } from '../helpers/test-database';

/** The studio the ledger's posting tests bet with. */
export const provider = 'endorphina';

/**
 * A database of the file's own and a ledger over it, for the ledger's posting tests: call it
 * at the top of the file; `db` and `ledger` are there once `beforeAll` has run.
 */
export function ledgerUnderTest() {
  const t = {} as { db: DatabaseConnection; ledger: Ledger };
  let destroy: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    ({ db: t.db, destroy } = await createTestDb());
    t.ledger = createLedger({ db: t.db, clock: systemClock });
  });
  afterAll(() => destroy());
  return {
    t,
    entryCount: async (userId: string): Promise<number> => {
      const { rows } = await t.db.execute<{ n: string }>(
        sql`select count(*) as n from ledger_entries where user_id = ${userId}::uuid`,
      );
      return Number(rows[0]?.n);
    },
    balance: async (userId: string): Promise<bigint> => {
      return (await t.ledger.getBalance(userId)).balance;
    },
  };
}
