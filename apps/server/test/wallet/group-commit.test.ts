import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import type { BalanceChanged } from '../../src/features/wallet/wallet-events';
import { BetNotAdmitted, InsufficientFunds } from '../../src/features/wallet/wallet-errors';
import { liveLaunchCondition } from '../../src/features/game-sessions/launch-repository';
import { systemClock } from '../../src/lib/clock';
import { catalogEntry, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

// Group commit (decision 060): bets and wins of one wallet that arrive while one of its
// postings is in flight are applied together, in arrival order, in one statement. These run
// on both drivers; the many-clients case needs PostgreSQL.

let db: DatabaseConnection;
let url: string | undefined;
let destroy: () => Promise<void>;
/** Every statement text the ledger sent through `execute` (the batches go that way). */
const executed: string[] = [];
let ledger: Ledger;
const events: BalanceChanged[] = [];

beforeAll(async () => {
  ({ db, url, destroy } = await createTestDb());
  // The same connection, with its raw statements counted: a batch is ledger_apply_many, sent
  // through `execute` (PGlite) or by name on PostgreSQL's pool (decision 097).
  const counted = Object.create(db) as DatabaseConnection;
  counted.execute = (query: Parameters<DatabaseConnection['execute']>[0]) => {
    executed.push(JSON.stringify(query));
    return db.execute(query);
  };
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const query = (config: { text: string }, ...rest: unknown[]) => {
      executed.push(config.text);
      return (pool.query as (...args: unknown[]) => unknown)(config, ...rest);
    };
    Object.assign(counted, { $client: Object.assign(Object.create(pool) as pg.Pool, { query }) });
  }
  ledger = createLedger({ db: counted, clock: systemClock });
  ledger.events.onBalanceChanged((event) => events.push(event));
});
afterAll(async () => {
  await destroy();
});

const provider = 'gbgames';
const batches = () => executed.filter((text) => text.includes('ledger_apply_many')).length;

describe('group commit of one wallet’s postings', () => {
  it('applies postings that arrive together in arrival order, in one statement', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const before = batches();
    // Ten bets of 1.500 at once on 10.000: in arrival order the first six fit, the rest not.
    const bets = Array.from({ length: 10 }, (_, i) => ({
      userId,
      amount: 1_500n,
      currency: 'USD',
      provider,
      txId: txId(`order-${i}`),
      roundId: `r${i}`,
    }));
    events.length = 0;
    const settled = await Promise.allSettled(bets.map((bet) => ledger.postBet(bet)));
    const outcomes = settled.map((s) => (s.status === 'fulfilled' ? s.value.outcome : 'refused'));
    expect(outcomes).toEqual([
      ...Array<string>(6).fill('applied'),
      ...Array<string>(4).fill('refused'),
    ]);
    for (const s of settled.slice(6)) {
      expect(s.status === 'rejected' && s.reason).toBeInstanceOf(InsufficientFunds);
    }
    // The first went alone; the nine that waited for it went as one batch.
    expect(batches() - before).toBe(1);
    const applied = settled.slice(0, 6).map((s) => (s.status === 'fulfilled' ? s.value : null));
    const ids = applied.map((r) => BigInt(r!.transactionId));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    expect(applied.map((r) => r!.balanceAfter)).toEqual([
      8_500n,
      7_000n,
      5_500n,
      4_000n,
      2_500n,
      1_000n,
    ]);
    // One event per applied posting, after the commit, in order.
    expect(events.map((e) => e.balance)).toEqual([8_500n, 7_000n, 5_500n, 4_000n, 2_500n, 1_000n]);
    expect((await ledger.getBalance(userId)).balance).toBe(1_000n);
    await expectLedgerClean(db);
  });

  it('answers each posting of a batch on its own key: a repeat inside the batch is a replay', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const bet = { userId, amount: 2_000n, currency: 'USD', provider, txId: txId('dup') };
    const win = {
      userId,
      amount: 3_000n,
      currency: 'USD',
      provider,
      txId: txId('dupwin'),
      betTxId: bet.txId,
    };
    const before = batches();
    const first = ledger.postBet({ ...bet, txId: txId('lead') });
    const [lead, a, b, c, d] = await Promise.all([
      first,
      ledger.postBet(bet),
      ledger.postBet(bet),
      ledger.postWin(win),
      ledger.postWin(win),
    ]);
    expect(batches() - before).toBe(1);
    expect(lead.outcome).toBe('applied');
    expect([a.outcome, b.outcome, c.outcome, d.outcome]).toEqual([
      'applied',
      'replayed',
      'applied',
      'replayed',
    ]);
    expect(b.transactionId).toBe(a.transactionId);
    expect(b.balanceAfter).toBe(a.balanceAfter);
    expect(d.transactionId).toBe(c.transactionId);
    expect((await ledger.getBalance(userId)).balance).toBe(10_000n - 2_000n - 2_000n + 3_000n);
    await expectLedgerClean(db);
  });

  it('isolates a posting that fails: the others of its batch are applied, in order', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const bet = (tag: string, meta?: Record<string, unknown>) =>
      ledger.postBet({
        userId,
        amount: 1_000n,
        currency: 'USD',
        provider,
        txId: txId(tag),
        ...(meta ? { meta } : {}),
      });
    const before = batches();
    // A NUL in the audit meta is refused by PostgreSQL's jsonb itself: an error of the batch.
    const settled = await Promise.allSettled([
      bet('iso-lead'),
      bet('iso-1'),
      bet('iso-bad', { note: 'a\u0000b' }),
      bet('iso-2'),
    ]);
    expect(batches() - before).toBe(1);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const [lead, one, , two] = settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
    expect(BigInt(lead!.transactionId)).toBeLessThan(BigInt(one!.transactionId));
    expect(BigInt(one!.transactionId)).toBeLessThan(BigInt(two!.transactionId));
    expect(two!.balanceAfter).toBe(7_000n);
    expect((await ledger.getBalance(userId)).balance).toBe(7_000n);
    await expectLedgerClean(db);
  });
  it('checks each bet’s live-launch admission inside the batch: one not admitted is refused alone', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const ids = await seedGames(db, 'pragmatic', [
      catalogEntry({ providerGameId: `gc-live-${userId.slice(0, 8)}` }),
      catalogEntry({ providerGameId: `gc-off-${userId.slice(0, 8)}` }),
    ]);
    const [live, off] = [...ids.keys()];
    await recordTestLaunch(db, systemClock, {
      provider: 'pragmatic',
      gameId: ids.get(live!)!,
      userId,
    });
    await db.execute(sql`update games set enabled = false where provider_game_id = ${off!}`);
    const bet = (tag: string, game: string) =>
      ledger.postBet({
        userId,
        amount: 1_000n,
        currency: 'USD',
        provider: 'pragmatic',
        txId: txId(tag),
        gameId: game,
        admission: liveLaunchCondition({
          userId,
          provider: 'pragmatic',
          providerGameId: game,
          now: systemClock.now(),
        }),
      });
    const before = batches();
    const settled = await Promise.allSettled([
      bet('adm-lead', live!),
      bet('adm-1', live!),
      bet('adm-off', off!),
      ledger.postWin({
        userId,
        amount: 500n,
        currency: 'USD',
        provider: 'pragmatic',
        txId: txId('adm-win'),
        operation: 'result',
      }),
      bet('adm-2', live!),
    ]);
    expect(batches() - before).toBe(1);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const refused = settled[2];
    expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(BetNotAdmitted);
    expect((await ledger.getBalance(userId)).balance).toBe(10_000n - 3_000n + 500n);
    await expectLedgerClean(db);
  });
});

describe.skipIf(testDatabaseDriver() !== 'postgres')(
  'group commit under many clients (PostgreSQL)',
  () => {
    it('four processes’ ledgers batching one hot wallet never overspend nor apply twice', async () => {
      const pools = Array.from({ length: 4 }, () => openPostgres({ url: url!, max: 4 }));
      try {
        const ledgers = pools.map((pool) => createLedger({ db: pool, clock: systemClock }));
        const userId = await createFundedUser(db, ledger, 100_000n);
        // 300 bets of 0.500 (demand 150.000 on 100.000) and a win per bet, each sent twice.
        const calls = Array.from({ length: 300 }, (_, i) => {
          const bet = { userId, amount: 500n, currency: 'USD', provider, txId: txId(`hot-${i}`) };
          const win = {
            userId,
            amount: 100n,
            currency: 'USD',
            provider,
            txId: txId(`hotwin-${i}`),
            betTxId: bet.txId,
          };
          return [
            () => ledgers[i % 4]!.postBet(bet),
            () => ledgers[(i + 1) % 4]!.postBet(bet),
            () => ledgers[(i + 2) % 4]!.postWin(win),
            () => ledgers[(i + 3) % 4]!.postWin(win),
          ];
        }).flat();
        const settled = await Promise.allSettled(calls.map((call) => call()));
        let expected = 100_000n;
        const appliedIds = new Set<string>();
        for (const s of settled) {
          if (s.status === 'rejected') {
            expect(s.reason).toBeInstanceOf(InsufficientFunds);
            continue;
          }
          if (s.value.outcome === 'applied') {
            expect(appliedIds.has(s.value.transactionId)).toBe(false);
            appliedIds.add(s.value.transactionId);
            expected += s.value.entry.amount;
          }
        }
        expect((await ledger.getBalance(userId)).balance).toBe(expected);
        await expectLedgerClean(db);
      } finally {
        await Promise.all(pools.map((pool) => pool.close()));
      }
    }, 60_000);

    it('a batch whose connection is killed mid-statement leaves no trace; each then applies once', async () => {
      const userId = await createFundedUser(db, ledger, 10_000n);
      const pool = openPostgres({ url: url!, max: 4 });
      const holder = await pool.$client.connect();
      try {
        const own = createLedger({ db: pool, clock: systemClock });
        // Hold the wallet's row lock, so the lead and then the batch stop inside their statements.
        await holder.query('begin');
        await holder.query('select 1 from wallets where user_id = $1 for update', [userId]);
        const bets = ['kill-lead', 'kill-1', 'kill-2', 'kill-3'].map((tag) => ({
          userId,
          amount: 1_000n,
          currency: 'USD',
          provider,
          txId: txId(tag),
        }));
        const settled = Promise.allSettled(bets.map((bet) => own.postBet(bet)));
        // The lead is killed as a crash or failover would cut it; then the batch behind it.
        await db.execute(
          sql`select pg_terminate_backend(${await blocked('%ledger_apply(%')}::int)`,
        );
        await db.execute(
          sql`select pg_terminate_backend(${await blocked('%ledger_apply_many(%')}::int)`,
        );
        const { rows } = await db.execute<{ n: string }>(
          sql`select count(*) as n from ledger_entries where user_id = ${userId}::uuid
            and kind = 'bet'`,
        );
        expect(rows[0]?.n).toBe('0');
        await holder.query('rollback');
        const outcomes = (await settled).map((r) =>
          r.status === 'fulfilled' ? r.value.outcome : 'failed',
        );
        // The lead failed with its connection; the batch's three, applied one by one after it.
        expect(outcomes).toEqual(['failed', 'applied', 'applied', 'applied']);
        // The provider's retry of the lead applies it once; of the others, replays.
        expect((await own.postBet(bets[0]!)).outcome).toBe('applied');
        expect((await own.postBet(bets[1]!)).outcome).toBe('replayed');
        expect((await ledger.getBalance(userId)).balance).toBe(6_000n);
        await expectLedgerClean(db);
      } finally {
        holder.release();
        await pool.close();
      }
    }, 60_000);
  },
);

/** The backend pid of a statement like `pattern` waiting for a lock. */
async function blocked(pattern: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.execute<{ pid: number }>(sql`
      select pid from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like ${pattern}`);
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no statement like ${pattern} waited for a lock`);
}
