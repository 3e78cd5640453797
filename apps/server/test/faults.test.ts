import { describe, expect, it } from 'vitest';
import { runFaultLoad } from '../scripts/fault-load';
import { openPostgres } from '../src/db/postgres-connection';
import { checkLedger } from '../src/features/wallet/ledger-check';
import { createTestDb, testDatabaseDriver } from './helpers/test-database';

/**
 * The short version of `npm run bench:faults` (issue 17): credits, debits and replays through
 * a real server process on PostgreSQL, SIGKILLed twice and restarted; every balance equals the
 * confirmed answers, none is negative, the ledger check is clean. PostgreSQL only
 * (TEST_DATABASE_URL): an embedded database has no second process to survive the kill.
 */
describe.runIf(testDatabaseDriver() === 'postgres')('money under SIGKILL', () => {
  it('loses nothing and applies nothing twice across two kills', async () => {
    const testDb = await createTestDb();
    await testDb.db.close();
    try {
      const url = testDb.url ?? '';
      const report = await runFaultLoad({
        databaseUrl: url,
        players: 5,
        workers: 6,
        kills: 2,
        killEveryMs: 1_500,
      });
      expect(report.kills).toBe(2);
      expect(report.postings).toBeGreaterThan(0);
      expect(report.mismatches).toEqual([]);
      expect(report.negative).toBe(0);
      const db = openPostgres({ url, max: 2 });
      try {
        expect((await checkLedger(db)).ok).toBe(true);
      } finally {
        await db.close();
      }
    } finally {
      await testDb.destroy();
    }
  }, 180_000);
});
