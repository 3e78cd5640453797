import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import type { PostingResult } from '../../src/features/wallet/ledger-types';
import {
  BetAlreadyRefunded,
  BetAlreadySettled,
  BetCancelled,
  InsufficientFunds,
  type WalletError,
} from '../../src/features/wallet/wallet-errors';
import { systemClock } from '../../src/lib/clock';
import { expectLedgerClean } from '../helpers/ledger';
import { seededRandom } from '../helpers/seeded-random';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

// Concurrency is a PostgreSQL question: PGlite is one connection, so every posting is
// already serial there and these tests would prove nothing.
const onPostgres = testDatabaseDriver() === 'postgres';

describe.skipIf(!onPostgres)('the ledger under concurrency (PostgreSQL)', () => {
  let db: DatabaseConnection;
  let url: string;
  let destroy: () => Promise<void>;
  /** Several independent pools: "many clients", each with its own connections. */
  const pools: DatabaseConnection[] = [];
  let ledgers: Ledger[];

  beforeAll(async () => {
    const test = await createTestDb();
    ({ db, destroy } = test);
    url = test.url ?? '';
    for (let i = 0; i < 4; i++) pools.push(openPostgres({ url, max: 8 }));
    ledgers = pools.map((pool) => createLedger({ db: pool, clock: systemClock }));
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await destroy();
  });

  it('hundreds of simultaneous bets on one wallet never overspend, and the sum is conserved', async () => {
    const random = seededRandom(20_260_501);
    const initial = 250_000n;
    const userId = await createFundedUser(db, ledgers[0]!, initial);
    const bets = Array.from({ length: 400 }, (_, i) => ({
      userId,
      amount: BigInt(random.int(1, 5_000)),
      currency: 'USD',
      provider: 'endorphina',
      txId: txId(`hot-${i}`),
    }));
    // Every bet is sent twice at once, as a provider retrying on a timeout would.
    const attempts = bets.flatMap((bet, i) => [
      { bet, ledger: ledgers[i % ledgers.length]! },
      { bet, ledger: ledgers[(i + 1) % ledgers.length]! },
    ]);
    const settled = await Promise.allSettled(
      attempts.map(({ bet, ledger }) => ledger.postBet(bet)),
    );

    let spent = 0n;
    const outcomes = new Map<string, string[]>();
    settled.forEach((s, i) => {
      const bet = attempts[i]!.bet;
      const outcome =
        s.status === 'fulfilled' ? s.value.outcome : (s.reason as WalletError).constructor.name;
      if (s.status === 'rejected') expect(s.reason).toBeInstanceOf(InsufficientFunds);
      if (outcome === 'applied') spent += bet.amount;
      outcomes.set(bet.txId, [...(outcomes.get(bet.txId) ?? []), outcome]);
    });
    for (const seen of outcomes.values()) {
      // Never applied twice; a replay only of something applied.
      expect(seen.filter((o) => o === 'applied').length).toBeLessThanOrEqual(1);
      if (seen.includes('replayed')) expect(seen).toContain('applied');
    }
    const { balance } = await ledgers[0]!.getBalance(userId);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(balance + spent).toBe(initial);
    // The demand (about a million) was four times the balance: the wallet ran dry.
    expect(balance).toBeLessThan(5_000n);
    await expectLedgerClean(db);
  }, 60_000);

  it('a seeded mix of bets, wins, refunds and replays from many clients ends consistent', async () => {
    const random = seededRandom(42);
    const players = await Promise.all(
      Array.from({ length: 6 }, () => createFundedUser(db, ledgers[0]!, 20_000n)),
    );
    const expected = new Map<string, bigint>(players.map((p) => [p, 20_000n]));
    const providers = ['endorphina', 'pragmatic', 'gbgames'] as const;
    type Op = () => Promise<PostingResult>;
    const bets: { userId: string; provider: string; txId: string; amount: bigint }[] = [];

    const ops: { run: Op; userId: string }[] = [];
    for (let i = 0; i < 1_200; i++) {
      const ledger = random.pick(ledgers);
      const userId = random.pick(players);
      const provider = random.pick(providers);
      const roll = random.next();
      if (roll < 0.4) {
        const bet = { userId, provider, txId: txId('bet'), amount: BigInt(random.int(0, 3_000)) };
        bets.push(bet);
        ops.push({
          userId,
          run: () => ledger.postBet({ ...bet, currency: 'USD', roundId: String(i) }),
        });
      } else if (roll < 0.65) {
        const amount = BigInt(random.int(0, 4_000));
        const win = { userId, provider, txId: txId('win'), amount, currency: 'USD' };
        ops.push({ userId, run: () => ledger.postWin(win) });
      } else if (roll < 0.8 && bets.length > 0) {
        // A refund of an earlier bet (maybe still in flight, maybe refused) or of a bet never sent.
        const known = random.next() < 0.7;
        const bet = known
          ? random.pick(bets)
          : { userId, provider, txId: txId('ghost'), amount: 100n };
        if (!known && random.next() < 0.5) {
          // ...which then arrives late, or at the same time.
          bets.push(bet);
          ops.push({ userId: bet.userId, run: () => ledger.postBet({ ...bet, currency: 'USD' }) });
        }
        ops.push({
          userId: bet.userId,
          run: () =>
            ledger.postRefund({ userId: bet.userId, provider: bet.provider, betTxId: bet.txId }),
        });
      } else if (ops.length > 0) {
        // A replay of any earlier call, possibly while the first is still running.
        ops.push(random.pick(ops));
      }
    }

    const results = await Promise.allSettled(ops.map((o) => o.run()));
    const allowed = [InsufficientFunds, BetCancelled, BetAlreadyRefunded];
    const applied = new Set<string>();
    const tally = new Map<string, number>();
    const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);
    for (const [i, r] of results.entries()) {
      count(
        r.status === 'rejected'
          ? (r.reason as Error).name
          : `${r.value.entry.kind} ${r.value.outcome} ${r.value.status}`,
      );
      if (r.status === 'rejected') {
        expect(
          allowed.some((kind) => r.reason instanceof kind),
          String(r.reason),
        ).toBe(true);
        continue;
      }
      const { entry } = r.value;
      if (r.value.outcome === 'applied') {
        // Each ledger row is reported as applied exactly once across all clients.
        expect(applied.has(entry.id)).toBe(false);
        applied.add(entry.id);
        expected.set(entry.userId, (expected.get(entry.userId) ?? 0n) + entry.amount);
      }
      expect(entry.userId).toBe(ops[i]!.userId);
    }
    for (const [userId, balance] of expected) {
      expect((await ledgers[0]!.getBalance(userId)).balance).toBe(balance);
    }
    await expectLedgerClean(db);
    // The run went through every path worth attacking, not only the easy ones.
    for (const path of [
      'bet applied applied',
      'bet replayed applied',
      'win applied applied',
      'win replayed applied',
      'refund applied applied',
      'refund applied tombstone',
      'refund replayed applied',
      'InsufficientFunds',
      'BetCancelled',
    ]) {
      expect(tally.get(path), `${path} in ${JSON.stringify([...tally])}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('a refund racing the win of its bet: refused after the win, or applied before it, never both the other way', async () => {
    const initial = 100_000n;
    const userId = await createFundedUser(db, ledgers[0]!, initial);
    const rounds = Array.from({ length: 60 }, (_, i) => ({
      betTxId: txId(`race-${i}`),
      winTxId: txId(`race-win-${i}`),
      win: BigInt(1_000 + i),
    }));
    for (const round of rounds) {
      await ledgers[0]!.postBet({
        userId,
        amount: 1_000n,
        currency: 'USD',
        provider: 'endorphina',
        txId: round.betTxId,
      });
    }
    // Each round's win and refund at the same moment, from two different pools.
    const settled = await Promise.all(
      rounds.map((round, i) =>
        Promise.allSettled([
          ledgers[i % ledgers.length]!.postWin({
            userId,
            amount: round.win,
            currency: 'USD',
            provider: 'endorphina',
            txId: round.winTxId,
            betTxId: round.betTxId,
          }),
          ledgers[(i + 1) % ledgers.length]!.postRefund({
            userId,
            provider: 'endorphina',
            betTxId: round.betTxId,
          }),
        ]),
      ),
    );
    let expected = initial - 1_000n * BigInt(rounds.length);
    const seen = { refused: 0, refundFirst: 0 };
    for (const [i, [win, refund]] of settled.entries()) {
      // A win is never refused.
      expect(win.status).toBe('fulfilled');
      if (win.status !== 'fulfilled') continue;
      expected += rounds[i]!.win;
      if (refund.status === 'rejected') {
        expect(refund.reason).toBeInstanceOf(BetAlreadySettled);
        seen.refused++;
      } else {
        // Both applied: only in this order, the refund's row before the win's.
        expect(BigInt(refund.value.entry.id)).toBeLessThan(BigInt(win.value.entry.id));
        expected += 1_000n;
        seen.refundFirst++;
      }
    }
    expect(seen.refused + seen.refundFirst).toBe(rounds.length);
    expect((await ledgers[0]!.getBalance(userId)).balance).toBe(expected);
    await expectLedgerClean(db);
  }, 60_000);

  it('a connection killed mid-posting leaves no trace, and the retry applies once', async () => {
    const userId = await createFundedUser(db, ledgers[0]!, 10_000n);
    const bet = {
      userId,
      amount: 2_500n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: txId('kill'),
    };
    // Hold the wallet's row lock, so the posting stops inside its statement…
    const blocker = openPostgres({ url, max: 1 });
    const holder = await blocker.$client.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from wallets where user_id = $1 for update', [userId]);
      // Its failure is caught from the start: it may reject while the kill is still being
      // answered, before any later `await` could attach a handler (an unhandled rejection).
      const failure = ledgers[1]!.postBet(bet).then(
        () => undefined,
        (error: unknown) => error,
      );
      const pid = await waitForBlockedPosting(db);
      // …and kill its server process there, as a crash or a failover would.
      await db.execute(sql`select pg_terminate_backend(${pid}::int)`);
      expect(await failure).toBeInstanceOf(Error);
      await holder.query('rollback');
    } finally {
      holder.release();
      await blocker.close();
    }
    const { rows } = await db.execute<{ n: string }>(
      sql`select count(*) as n from ledger_entries where provider_tx_id = ${bet.txId}`,
    );
    expect(rows[0]?.n).toBe('0');
    expect((await ledgers[0]!.getBalance(userId)).balance).toBe(10_000n);
    // The provider's retry (the pool replaced the dead connection) applies it exactly once.
    expect((await ledgers[1]!.postBet(bet)).outcome).toBe('applied');
    expect((await ledgers[2]!.postBet(bet)).outcome).toBe('replayed');
    expect((await ledgers[0]!.getBalance(userId)).balance).toBe(7_500n);
    await expectLedgerClean(db);
  });
});

/** The backend pid of a posting waiting for a lock. */
async function waitForBlockedPosting(db: DatabaseConnection): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.execute<{ pid: number }>(sql`
      select pid from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
        and (query like '%with moved as%' or query like '%ledger_apply%')`);
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the posting never blocked');
}
