import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { rgConfigFrom } from '../../src/features/responsible-gaming/rg-config';
import { rgLimitsService } from '../../src/features/responsible-gaming/rg-limits-service';
import { rgRepository } from '../../src/features/responsible-gaming/rg-repository';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { ResponsibleGamingRefusal } from '../../src/features/wallet/wallet-errors';
import { systemClock } from '../../src/lib/clock';
import { expectLedgerClean } from '../helpers/ledger';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

const config = rgConfigFrom({
  RG_DEFAULT_REALITY_CHECK_MINUTES: '60',
  RG_FLAG_NET_DEPOSITS_30D: '5000.00',
  RG_FLAG_LIMIT_RAISES_30D: 3,
  RG_FLAG_DECLINED_DEPOSITS_30D: 5,
}).responsibleGaming;

// Concurrency is a PostgreSQL question: PGlite is one connection, every bet already serial.
describe.skipIf(testDatabaseDriver() !== 'postgres')('bets against a limit, at once', () => {
  let db: DatabaseConnection;
  let destroy: () => Promise<void>;
  const pools: DatabaseConnection[] = [];
  let ledgers: Ledger[];

  beforeAll(async () => {
    const test = await createTestDb();
    ({ db, destroy } = test);
    for (let i = 0; i < 4; i++) pools.push(openPostgres({ url: test.url ?? '', max: 8 }));
    ledgers = pools.map((pool) => createLedger({ db: pool, clock: systemClock }));
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await destroy();
  });

  it('50 concurrent bets through the ledger never overshoot a loss limit of 10.00', async () => {
    const userId = await createFundedUser(db, ledgers[0]!, 100_000n);
    await rgLimitsService({ db, clock: systemClock, repo: rgRepository(db), config }).setLimit(
      userId,
      { kind: 'loss', period: 'day', amount: '10.00' },
      { by: 'player' },
    );
    // 50 bets of 0.30 from four pools: 33 fit (9.90), 17 must be refused.
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledgers[i % ledgers.length]!.postBet({
          userId,
          amount: 300n,
          currency: 'USD',
          provider: 'endorphina',
          txId: txId('rg-hot'),
        }),
      ),
    );
    const applied = settled.filter((s) => s.status === 'fulfilled');
    const refused = settled.filter(
      (s) =>
        s.status === 'rejected' &&
        s.reason instanceof ResponsibleGamingRefusal &&
        s.reason.reason === 'loss_limit',
    );
    expect(applied).toHaveLength(33);
    expect(refused).toHaveLength(17);
    expect((await ledgers[0]!.getBalance(userId)).balance).toBe(100_000n - 9_900n);
    expect((await rgRepository(db).playUsage(userId, new Date())).loss.day).toBe(9_900n);
    await expectLedgerClean(db);
  });
});
