import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { createLedger } from '../../src/features/wallet/ledger';
import type { BalanceChanged } from '../../src/features/wallet/wallet-events';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDatabaseDriver } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

/**
 * Two instances of the server on one database (issue 17, decision 050). With
 * TEST_DATABASE_URL each has its own PostgreSQL pool and LISTEN connection, as two processes
 * would; on the embedded PGlite they share the one connection an embedded database allows.
 */
describe('two instances on one database', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDb: DatabaseConnection;
  beforeAll(async () => {
    a = await buildTestApp();
    const url = (a.db as { $client?: { options?: { connectionString?: string } } }).$client?.options
      ?.connectionString;
    bDb = testDatabaseDriver() === 'postgres' && url ? openPostgres({ url, max: 4 }) : a.db;
    b = await buildApp({
      config: a.config,
      db: bDb,
      clock: systemClock,
      mailer: createMemoryMailer(),
      logger: createLogger(a.config),
    });
    await Promise.all([a.app.ready(), b.ready()]);
  });
  afterAll(async () => {
    // On PGlite b shares a's database: closing b would close it under a.
    if (bDb !== a.db) await b.close();
    await a.close();
  });

  /**
   * The player's next posting as `app` hears it (from any instance): through a listener of
   * every posting, or as a live stream of the player listens (`stream`).
   */
  function nextEvent(
    app: FastifyInstance,
    userId: string,
    via: 'all' | 'stream' = 'all',
  ): Promise<BalanceChanged> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error('no balance event within 5 s'));
      }, 5_000);
      const heard = (event: BalanceChanged) => {
        if (event.userId !== userId) return;
        clearTimeout(timer);
        stop();
        resolve(event);
      };
      const { events } = app.wallet;
      const stop =
        via === 'stream'
          ? events.onPlayerBalanceChanged(userId, heard)
          : events.onBalanceChanged(heard);
    });
  }

  it("a balance stream on one instance hears the other's posting", async () => {
    const userId = await createFundedUser(a.db, a.app.wallet, 10_000n);
    const heard = nextEvent(a.app, userId);
    const result = await b.wallet.postWin({
      userId,
      amount: 2_500n,
      currency: 'USD',
      provider: 'endorphina',
      txId: txId('win'),
    });
    expect(result.outcome).toBe('applied');
    const event = await heard;
    expect(event.balance).toBe(12_500n);
    expect(event.entry.kind).toBe('win');
  });

  it('a posting is announced once on its own instance (at once, and not again by NOTIFY)', async () => {
    const userId = await createFundedUser(a.db, a.app.wallet, 10_000n);
    const events: BalanceChanged[] = [];
    const stop = a.app.wallet.events.onBalanceChanged((event) => {
      if (event.userId === userId) events.push(event);
    });
    try {
      await a.app.wallet.postWin({
        userId,
        amount: 100n,
        currency: 'USD',
        provider: 'endorphina',
        txId: txId('win'),
      });
      expect(events).toHaveLength(1);
      // Time for the notification to come back round.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('work done once per posting runs on the posting’s instance only; a command’s posting is done by the servers', async () => {
    const userId = await createFundedUser(a.db, a.app.wallet, 0n);
    const rgOnA = vi.spyOn(a.app.responsibleGaming.warnings, 'queue');
    const rgOnB = vi.spyOn(b.responsibleGaming.warnings, 'queue');
    const settleOnA = vi.spyOn(a.app.bonus.settler, 'queue');
    try {
      // a has a stream of the player open, so it reads b's posting when its notice comes.
      const heardOnA = nextEvent(a.app, userId, 'stream');
      const deposit = (ledger: FastifyInstance['wallet']) =>
        ledger.postOperatorMovement({
          kind: 'deposit',
          userId,
          amount: 5_000n,
          idempotencyKey: txId('deposit'),
          actor: 'test',
        });
      expect((await deposit(b.wallet)).outcome).toBe('applied');
      expect(rgOnB).toHaveBeenCalledWith(userId);
      expect((await heardOnA).entry.kind).toBe('deposit');
      // b checked the deposit against the limits and the bonus offers; a does not again.
      expect(rgOnA).not.toHaveBeenCalled();
      expect(settleOnA).not.toHaveBeenCalled();

      // A command's ledger (wallet:adjust's kind) has no such work of its own: the servers do it.
      const command = createLedger({ db: bDb, clock: systemClock });
      const heardAgain = nextEvent(a.app, userId, 'stream');
      expect((await deposit(command)).outcome).toBe('applied');
      await command.events.flush();
      await heardAgain;
      expect(rgOnA).toHaveBeenCalledWith(userId);
      expect(settleOnA).toHaveBeenCalledWith(userId);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it.runIf(testDatabaseDriver() === 'postgres')(
    'a scheduled job runs once across instances (advisory lock)',
    async () => {
      let runs = 0;
      const job = async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      };
      const ran = await Promise.all([
        a.db.withClusterLock('test-job', job),
        bDb.withClusterLock('test-job', job),
      ]);
      expect(runs).toBe(1);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // Released afterwards: the next round runs again.
      expect(await bDb.withClusterLock('test-job', job)).toBe(true);
    },
  );
});
