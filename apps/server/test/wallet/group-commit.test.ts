import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import type { BalanceChanged } from '../../src/features/wallet/wallet-events';
import { BetNotAdmitted, InsufficientFunds } from '../../src/features/wallet/wallet-errors';
import { liveLaunchCondition } from '../../src/features/game-sessions/launch-repository';
import type { PostingResult } from '../../src/features/wallet/ledger-types';
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
/** The SQLSTATE of every statement of the pool that failed (a deadlock is 40P01). */
const failures: string[] = [];

/**
 * The same connection, with its raw statements counted: a batch is ledger_apply_many, sent
 * through `execute` (PGlite) or by name on PostgreSQL's pool (decision 097).
 */
function counted<T extends DatabaseConnection>(base: T): T {
  const wrapped = Object.create(base) as T;
  wrapped.execute = (query: Parameters<DatabaseConnection['execute']>[0]) => {
    executed.push(JSON.stringify(query));
    return base.execute(query);
  };
  const pool = (base as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const query = (config: { text: string }, ...rest: unknown[]) => {
      executed.push(config.text);
      const result = (pool.query as (...args: unknown[]) => Promise<unknown>)(config, ...rest);
      if (result instanceof Promise) {
        result.catch((error: { code?: string }) => failures.push(error.code ?? 'unknown'));
      }
      return result;
    };
    Object.assign(wrapped, { $client: Object.assign(Object.create(pool) as pg.Pool, { query }) });
  }
  return wrapped;
}
let ledger: Ledger;
const events: BalanceChanged[] = [];

beforeAll(async () => {
  ({ db, url, destroy } = await createTestDb());
  ledger = createLedger({ db: counted(db), clock: systemClock });
  ledger.events.onBalanceChanged((event) => events.push(event));
});
afterAll(async () => {
  await destroy();
});

const provider = 'gbgames';
const batches = () => executed.filter((text) => text.includes('ledger_apply_many')).length;

/** A bet of 1.000 (or `amount`) on `l`, under a key no other test uses. */
function betOn(
  l: Ledger,
  userId: string,
  tag: string,
  extra: { amount?: bigint; meta?: Record<string, unknown> } = {},
) {
  const { amount = 1_000n, meta } = extra;
  return l.postBet({
    userId,
    amount,
    currency: 'USD',
    provider,
    txId: txId(tag),
    ...(meta ? { meta } : {}),
  });
}

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

describe('group commit across wallets', () => {
  it('refuses a setting that would never send a posting', () => {
    expect(() =>
      createLedger({ db, clock: systemClock, groupCommit: { statementsInFlight: 0 } }),
    ).toThrow(/statementsInFlight must be a whole number of 1 or more, not 0/);
    expect(() => createLedger({ db, clock: systemClock, groupCommit: { slotHoldMs: -1 } })).toThrow(
      /slotHoldMs must be more than 0, not -1/,
    );
  });

  it('sends the postings of other wallets that arrive while a statement runs as one, each answered on its own', async () => {
    const [a, b, c, d] = await Promise.all(
      [1, 2, 3, 4].map(() => createFundedUser(db, ledger, 10_000n)),
    );
    const bet = (userId: string, tag: string, amount: bigint) =>
      betOn(ledger, userId, tag, { amount });
    const before = batches();
    events.length = 0;
    // a's first bet runs alone; b, c, d and a's second arrive meanwhile. b, c and d go as one
    // statement; a's second waits for a's first, then goes after it.
    const [a1, b1, c1, a2, d1] = await Promise.all([
      bet(a!, 'x-a1', 1_000n),
      bet(b!, 'x-b1', 2_000n),
      bet(c!, 'x-c1', 3_000n),
      bet(a!, 'x-a2', 4_000n),
      bet(d!, 'x-d1', 5_000n),
    ]);
    expect(batches() - before).toBe(1);
    expect([a1, b1, c1, a2, d1].map((r) => r.outcome)).toEqual(Array(5).fill('applied'));
    expect([a1, b1, c1, a2, d1].map((r) => r.balanceAfter)).toEqual([
      9_000n,
      8_000n,
      7_000n,
      5_000n,
      5_000n,
    ]);
    expect(BigInt(a1.transactionId)).toBeLessThan(BigInt(a2.transactionId));
    // Each player's own event, once, after the commit.
    expect(events.map((e) => `${e.userId}:${e.balance}`).sort()).toEqual(
      [`${a}:9000`, `${b}:8000`, `${c}:7000`, `${a}:5000`, `${d}:5000`].sort(),
    );
    for (const [userId, balance] of [
      [a, 5_000n],
      [b, 8_000n],
      [c, 7_000n],
      [d, 5_000n],
    ] as const) {
      expect((await ledger.getBalance(userId!)).balance).toBe(balance);
    }
    await expectLedgerClean(db);
  });

  it('isolates a failing posting of another wallet: the rest of the batch is applied', async () => {
    const [lead, good1, bad, good2] = await Promise.all(
      [1, 2, 3, 4].map(() => createFundedUser(db, ledger, 10_000n)),
    );
    const bet = (userId: string, tag: string, meta?: Record<string, unknown>) =>
      betOn(ledger, userId, tag, meta ? { meta } : {});
    const before = batches();
    const settled = await Promise.allSettled([
      bet(lead!, 'xi-lead'),
      bet(good1!, 'xi-1'),
      // A NUL in the audit meta is refused by jsonb itself: the batch's statement fails.
      bet(bad!, 'xi-bad', { note: 'a\u0000b' }),
      bet(good2!, 'xi-2'),
    ]);
    expect(batches() - before).toBe(1);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((await ledger.getBalance(good1!)).balance).toBe(9_000n);
    expect((await ledger.getBalance(bad!)).balance).toBe(10_000n);
    expect((await ledger.getBalance(good2!)).balance).toBe(9_000n);
    await expectLedgerClean(db);
  });
});

describe.skipIf(testDatabaseDriver() !== 'postgres')(
  'group commit under many clients (PostgreSQL)',
  () => {
    it('four processes’ ledgers batching many wallets across each other never overspend nor apply twice', async () => {
      const pools = Array.from({ length: 4 }, () => counted(openPostgres({ url: url!, max: 4 })));
      try {
        const ledgers = pools.map((pool) => createLedger({ db: pool, clock: systemClock }));
        const players = await Promise.all(
          Array.from({ length: 12 }, () => createFundedUser(db, ledger, 5_000n)),
        );
        // 480 bets of 0.500 (demand 20.000 per player on 5.000) and a win per bet, each sent
        // twice through two of the four processes, all at once and interleaved.
        const calls = sentTwice(ledgers, 480, (i) => players[(i * 7) % players.length]!, 'many', [
          'bet',
          'win',
          'bet',
          'win',
        ]);
        const failedBefore = failures.length;
        const settled = await Promise.allSettled(calls.map((call) => call()));
        await expectAppliedOnce(settled, new Map(players.map((p) => [p, 5_000n])));
        // No batch of several wallets waited for another in a cycle (40P01).
        expect(failures.slice(failedBefore)).not.toContain('40P01');
        await expectLedgerClean(db);
      } finally {
        await Promise.all(pools.map((pool) => pool.close()));
      }
    }, 60_000);

    it('four processes’ ledgers batching one hot wallet never overspend nor apply twice', async () => {
      const pools = Array.from({ length: 4 }, () => openPostgres({ url: url!, max: 4 }));
      try {
        const ledgers = pools.map((pool) => createLedger({ db: pool, clock: systemClock }));
        const userId = await createFundedUser(db, ledger, 100_000n);
        // 300 bets of 0.500 (demand 150.000 on 100.000) and a win per bet, each sent twice.
        const calls = sentTwice(ledgers, 300, () => userId, 'hot', ['bet', 'bet', 'win', 'win']);
        const settled = await Promise.allSettled(calls.map((call) => call()));
        await expectAppliedOnce(settled, new Map([[userId, 100_000n]]));
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

    it('a statement held up by a locked wallet gives its slot up: other wallets go on', async () => {
      const [locked, other] = await Promise.all(
        [1, 2].map(() => createFundedUser(db, ledger, 10_000n)),
      );
      await withOwnPool(async (pool, holder) => {
        const own = createLedger({
          db: pool,
          clock: systemClock,
          groupCommit: { slotHoldMs: 100 },
        });
        await holder.query('begin');
        await holder.query('select 1 from wallets where user_id = $1 for update', [locked]);
        const bet = (userId: string, tag: string) => betOn(own, userId, tag);
        const held = bet(locked!, 'slot-held');
        await blocked('%ledger_apply(%');
        const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 10_000));
        const went = await Promise.race([bet(other!, 'slot-other'), stuck]);
        expect(went === 'stuck' ? went : went.outcome).toBe('applied');
        await holder.query('rollback');
        expect((await held).outcome).toBe('applied');
        await expectLedgerClean(db);
      });
    }, 60_000);

    it('two instances’ batches lock their wallets in one order: no deadlock', async () => {
      const [gate, a, b] = await Promise.all(
        [1, 2, 3].map(() => createFundedUser(db, ledger, 10_000n)),
      );
      // A responsible-gaming row (no limits) for a and b: a bet locks it after the wallet.
      await db.execute(sql`insert into rg_players (user_id, created_at, updated_at)
        values (${a}::uuid, now(), now()), (${b}::uuid, now(), now())`);
      const pools = [1, 2].map(() => counted(openPostgres({ url: url!, max: 4 })));
      const gateHolder = await pools[0]!.$client.connect();
      const rgHolder = await pools[1]!.$client.connect();
      try {
        const [one, two] = pools.map((pool) =>
          createLedger({ db: pool, clock: systemClock, groupCommit: { slotHoldMs: 60_000 } }),
        );
        const bet = betOn;
        await gateHolder.query('begin');
        await gateHolder.query('select 1 from wallets where user_id = $1 for update', [gate]);
        await rgHolder.query('begin');
        await rgHolder.query(
          'select 1 from rg_players where user_id = any($1::uuid[]) for update',
          [[a, b]],
        );
        // Each instance's slot is taken by a bet waiting for the gate's wallet; behind it, one
        // instance gets a then b, the other b then a.
        const gates = [bet(one!, gate!, 'order-gate-1'), bet(two!, gate!, 'order-gate-2')];
        const bets = [
          bet(one!, a!, 'order-1a'),
          bet(one!, b!, 'order-1b'),
          bet(two!, b!, 'order-2b'),
          bet(two!, a!, 'order-2a'),
        ];
        const failedBefore = failures.length;
        await gateHolder.query('rollback');
        await Promise.all(gates);
        // Both batches now wait: on the rg rows, or on the other batch's wallet.
        await waitUntil(async () => (await lockWaits('%ledger_apply_many(%')) === 2);
        await rgHolder.query('rollback');
        const outcomes = (await Promise.all(bets)).map((r) => r.outcome);
        expect(outcomes).toEqual(Array(4).fill('applied'));
        expect(failures.slice(failedBefore)).toEqual([]);
        expect((await ledger.getBalance(a!)).balance).toBe(8_000n);
        expect((await ledger.getBalance(b!)).balance).toBe(8_000n);
        await expectLedgerClean(db);
      } finally {
        gateHolder.release();
        rgHolder.release();
        await Promise.all(pools.map((pool) => pool.close()));
      }
    }, 60_000);

    it('a batch of several wallets killed mid-statement leaves no trace; each then applies once', async () => {
      const [gate, a, b] = await Promise.all(
        [1, 2, 3].map(() => createFundedUser(db, ledger, 10_000n)),
      );
      await withOwnPool(async (pool, holder) => {
        const own = createLedger({
          db: pool,
          clock: systemClock,
          groupCommit: { slotHoldMs: 60_000 },
        });
        const bet = (userId: string, tag: string) => betOn(own, userId, tag);
        // The gate's bet holds the slot; a and b gather behind it and go as one batch, which
        // stops at the locked wallet of whichever comes second.
        const [first, second] = [a!, b!].sort();
        await holder.query('begin');
        await holder.query('select 1 from wallets where user_id = any($1::uuid[]) for update', [
          [gate, second],
        ]);
        const lead = Promise.allSettled([bet(gate!, 'xkill-gate')]);
        await blocked('%ledger_apply(%');
        const batch = Promise.allSettled([bet(a!, 'xkill-a'), bet(b!, 'xkill-b')]);
        await db.execute(
          sql`select pg_terminate_backend(${await blocked('%ledger_apply(%')}::int)`,
        );
        await db.execute(
          sql`select pg_terminate_backend(${await blocked('%ledger_apply_many(%')}::int)`,
        );
        const { rows } = await db.execute<{ n: string }>(
          sql`select count(*) as n from ledger_entries where user_id = ${first}::uuid and kind = 'bet'`,
        );
        expect(rows[0]?.n).toBe('0');
        await holder.query('rollback');
        expect((await lead)[0].status).toBe('rejected');
        const outcomes = (await batch).map((r) =>
          r.status === 'fulfilled' ? r.value.outcome : 'failed',
        );
        expect(outcomes).toEqual(['applied', 'applied']);
        expect((await ledger.getBalance(a!)).balance).toBe(9_000n);
        expect((await ledger.getBalance(b!)).balance).toBe(9_000n);
        await expectLedgerClean(db);
      });
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

/**
 * `count` bets of 0.500, each with a win of 0.100, every one sent twice: call k of a round
 * goes through ledger (i + k) % 4 and is the bet or the win as `order` says.
 */
function sentTwice(
  ledgers: Ledger[],
  count: number,
  userOf: (i: number) => string,
  tag: string,
  order: ('bet' | 'win')[],
): (() => Promise<PostingResult>)[] {
  return Array.from({ length: count }, (_, i) => {
    const userId = userOf(i);
    const bet = { userId, amount: 500n, currency: 'USD', provider, txId: txId(`${tag}-${i}`) };
    const win = {
      userId,
      amount: 100n,
      currency: 'USD',
      provider,
      txId: txId(`${tag}win-${i}`),
      betTxId: bet.txId,
    };
    return order.map((kind, k) => {
      const l = ledgers[(i + k) % ledgers.length]!;
      return () => (kind === 'bet' ? l.postBet(bet) : l.postWin(win));
    });
  }).flat();
}

/**
 * Every refusal was for funds, no posting applied twice, and each wallet holds what it was
 * funded with plus what was applied to it.
 */
async function expectAppliedOnce(
  settled: PromiseSettledResult<PostingResult>[],
  funded: Map<string, bigint>,
): Promise<void> {
  const expected = new Map(funded);
  const appliedIds = new Set<string>();
  for (const s of settled) {
    if (s.status === 'rejected') {
      expect(s.reason).toBeInstanceOf(InsufficientFunds);
      continue;
    }
    if (s.value.outcome !== 'applied') continue;
    expect(appliedIds.has(s.value.transactionId)).toBe(false);
    appliedIds.add(s.value.transactionId);
    const { userId, amount } = s.value.entry;
    expected.set(userId, expected.get(userId)! + amount);
  }
  for (const [userId, balance] of expected) {
    expect((await ledger.getBalance(userId)).balance).toBe(balance);
  }
}

/** A pool of the test's own and one of its connections, held to lock rows; closed after. */
async function withOwnPool(
  run: (pool: ReturnType<typeof openPostgres>, holder: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const pool = openPostgres({ url: url!, max: 4 });
  const holder = await pool.$client.connect();
  try {
    await run(pool, holder);
  } finally {
    holder.release();
    await pool.close();
  }
}

/** How many statements like `pattern` wait for a lock. */
async function lockWaits(pattern: string): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query like ${pattern}`);
  return Number(rows[0]?.n ?? 0);
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never held');
}
