import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres-connection';
import { createLedger } from '../../src/features/wallet/ledger';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { withAdmin } from '../helpers/postgres-admin';
import { quoteIdentifier, withDatabaseName } from '../helpers/test-database-template';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';

const run = promisify(execFile);

/**
 * docs/operations.md, "Backups": `pg_dump -Fc` of a database with money on it, restored with
 * `pg_restore` into a new database, holds the same ledger and passes the ledger check.
 */
describe.skipIf(testDatabaseDriver() !== 'postgres')('backup and restore', () => {
  it('pg_dump then pg_restore gives the same ledger, and the check is clean', async () => {
    const template = inject('testDatabaseTemplate');
    if (template.driver !== 'postgres') return;
    const source = await createTestDb();
    const folder = await mkdtemp(join(tmpdir(), 'casino-backup-'));
    const restoredName = `${template.databasePrefix}restored_${randomBytes(3).toString('hex')}`;
    const restoredUrl = withDatabaseName(template.adminUrl, restoredName);
    try {
      const ledger = createLedger({ db: source.db, clock: systemClock });
      const player = await createTestPlayer(source.db, systemClock, 100_000n);
      await ledger.postOperatorMovement({
        kind: 'deposit',
        userId: player.id,
        amount: 50_000n,
        idempotencyKey: 'backup-deposit',
        actor: 'test',
      });
      const bet = {
        userId: player.id,
        amount: 7_500n,
        currency: 'USD',
        provider: 'pragmatic',
        txId: 'backup-bet',
      };
      await ledger.postBet(bet);
      await ledger.postWin({ ...bet, txId: 'backup-win', amount: 12_250n, betTxId: 'backup-bet' });
      const snapshot = async (db: typeof source.db) =>
        (
          await db.execute<{ entries: string; total: string }>(sql`
            select (select count(*) from ledger_entries)::text as entries,
                   (select coalesce(sum(balance), 0) from wallets)::text as total`)
        ).rows[0];
      const before = await snapshot(source.db);

      const dump = join(folder, 'orbita.dump');
      await run('pg_dump', ['--format=custom', `--file=${dump}`, source.url!]);
      await withAdmin(template.adminUrl, (admin) =>
        admin.query(`create database ${quoteIdentifier(restoredName)}`),
      );
      await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);

      const restored = openPostgres({ url: restoredUrl, max: 2 });
      try {
        await expectLedgerClean(restored);
        expect(await snapshot(restored)).toEqual(before);
        const balance = await createLedger({ db: restored, clock: systemClock }).getBalance(
          player.id,
        );
        // 100.000 + 50.000 deposit - 7.500 bet + 12.250 win.
        expect(balance.balance).toBe(154_750n);
      } finally {
        await restored.close();
      }
    } finally {
      await source.destroy();
      await rm(folder, { recursive: true, force: true });
      await withAdmin(template.adminUrl, (admin) =>
        admin.query(`drop database if exists ${quoteIdentifier(restoredName)} with (force)`),
      );
    }
  }, 120_000);
});
