import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { migrationsFolder } from '../../src/db/migrations-folder';
import { bonusOffers } from '../../src/db/schema';
import { createBonusService, type BonusService } from '../../src/features/bonus/bonus-service';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { checkLedger, formatLedgerReport } from '../../src/features/wallet/ledger-check';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, seedGames } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

/**
 * A bonus's wagering as a running sum (migration 0032, decision 103): `player_bonuses.wagered`
 * and each bet's `ledger_entries.wager_counted`, kept by the ledger's triggers, against the sum
 * over the ledger that wagering was before (`ledgerFormula` below is that query, unchanged) and
 * ledger:check's own sum. The engine's behaviour with it is bonus-engine.test.ts's, unchanged.
 */

let db: DatabaseConnection;
let destroy: () => Promise<void>;
let ledger: Ledger;
/** A second ledger over the same database: its postings race the first's in PostgreSQL. */
let rival: Ledger;
let service: BonusService;
const clock = fixedClock(new Date('2026-11-26T12:00:00Z'));
const provider = 'endorphina';
const slot = 'rs-slot';
const table = 'rs-table';

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  ledger = createLedger({ db, clock });
  rival = createLedger({ db, clock });
  service = createBonusService({
    db,
    ledger,
    clock,
    logger: createLogger({ logLevel: 'silent', env: 'test' }),
  });
  await seedGames(db, provider, [
    catalogEntry({ providerGameId: slot, category: 'slots' }),
    catalogEntry({ providerGameId: table, category: 'table' }),
  ]);
  await db.insert(bonusOffers).values([
    // 10.00 to wager 500 times over: never met by these tests' bets.
    offer('rs-long', 50),
    // 10.00 to wager twice: 20.00.
    offer('rs-short', 2),
  ]);
});
afterAll(async () => {
  await destroy();
});

function offer(id: string, wageringMultiplier: number) {
  return {
    id,
    kind: 'free_credit' as const,
    title: { en: id, ru: id },
    terms: { en: 'terms', ru: 'условия' },
    amount: 10_000n,
    wageringMultiplier,
    contributions: { slots: 100, table: 10 },
    maxBet: 5_000n,
    validDays: 7,
    enabled: true,
    sortOrder: 1000,
  };
}

/** A bet on `gameId` (null: a bet naming no game). */
const bet = (userId: string, amount: bigint, gameId: string | null = slot, via = ledger) => {
  const id = txId('bet');
  return via.postBet({
    userId,
    amount,
    currency: 'USD',
    provider,
    txId: id,
    roundId: id,
    ...(gameId === null ? {} : { gameId }),
  });
};
const refund = (userId: string, betTxId: string, via = ledger) =>
  via.postRefund({ userId, provider, betTxId });

/** The claim's running sum. */
async function wagered(bonusId: string): Promise<bigint> {
  const { rows } = await db.execute<{ wagered: string }>(
    sql`select wagered from player_bonuses where id = ${bonusId}::bigint`,
  );
  return BigInt(rows[0]!.wagered);
}

/** What a ledger row counted (null: nothing). */
async function counted(entryId: string): Promise<bigint | null> {
  const { rows } = await db.execute<{ wager_counted: string | null }>(
    sql`select wager_counted from ledger_entries where id = ${entryId}::bigint`,
  );
  const value = rows[0]!.wager_counted;
  return value === null ? null : BigInt(value);
}

/** Wagering as bonus-repository.ts read it before migration 0032, per bet. */
async function ledgerFormula(bonusId: string): Promise<bigint> {
  const { rows } = await db.execute<{ wagered: string | null }>(sql`
    select sum(case when -b.amount > pb.max_bet then 0
        else -b.amount * coalesce((pb.contributions ->> g.category)::int, 0) / 100 end)
      as wagered
    from ledger_entries b
    join player_bonuses pb on pb.id = b.bonus_id
    left join games g on g.provider = b.provider and g.provider_game_id = b.game_id
    where b.bonus_id = ${bonusId}::bigint and b.kind = 'bet'
      and not exists (select 1 from ledger_entries r
        where r.kind = 'refund' and r.reverses_entry_id = b.id)`);
  return BigInt(rows[0]?.wagered ?? 0);
}

/** The checks that fail now, by name. */
async function failing(): Promise<string[]> {
  const report = await checkLedger(db);
  return report.checks.filter((c) => c.failures > 0).map((c) => c.name);
}

// First: the backfill prices every bet by its game's category now, as the sum it replaces did,
// so it must run before a test below moves a game to another category.
describe('migration 0032', () => {
  it("backfills every bet's count and every claim's sum as the triggers keep them", async () => {
    const userId = await createFundedUser(db, ledger, 50_000n);
    const { id } = await service.claim(userId, 'rs-long');
    const bets = [
      await bet(userId, 2_000n),
      await bet(userId, 3_333n, table),
      await bet(userId, 6_000n),
      await bet(userId, 1_000n),
    ];
    await refund(userId, bets[3]!.entry.betTxId!);
    const before = await snapshot();
    expect(before.sums.get(id)).toBe(2_333n);

    // The state before 0032 (no counts, no sums), then the migration's backfill statements.
    const file = (await readdir(migrationsFolder)).find((f) => f.startsWith('0032_'))!;
    const statements = (await readFile(join(migrationsFolder, file), 'utf8')).split(
      '--> statement-breakpoint',
    );
    const from = statements.findIndex((s) => s.includes('DISABLE TRIGGER'));
    const to = statements.findIndex((s) => s.includes('CREATE FUNCTION'));
    expect(to - from).toBe(4);
    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
    await db.execute(sql`update ledger_entries set wager_counted = null`);
    await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    await db.execute(sql`update player_bonuses set wagered = 0`);
    for (const statement of statements.slice(from, to)) await db.execute(sql.raw(statement));

    expect(await snapshot()).toEqual(before);
    await expectLedgerClean(db);
  });
});

describe('a bet counts into its bonus as it posts', () => {
  it('counts as the ledger sum did: by category, 0 over the max bet or for an unknown game', async () => {
    const userId = await createFundedUser(db, ledger, 50_000n);
    const { id } = await service.claim(userId, 'rs-long');
    const slotBet = await bet(userId, 2_000n); // slots 100 %: 2.000
    const tableBet = await bet(userId, 2_345n, table); // table 10 %: 234 (integer division)
    const overMax = await bet(userId, 5_001n); // over the max bet of 5.000: 0
    const unknown = await bet(userId, 1_000n, 'not-in-the-catalog'); // no category: 0
    const noGame = await bet(userId, 1_000n, null); // no game named: 0
    expect(await counted(slotBet.transactionId)).toBe(2_000n);
    expect(await counted(tableBet.transactionId)).toBe(234n);
    expect(await counted(overMax.transactionId)).toBe(0n);
    expect(await counted(unknown.transactionId)).toBe(0n);
    expect(await counted(noGame.transactionId)).toBe(0n);
    expect(await wagered(id)).toBe(2_234n);
    expect(await ledgerFormula(id)).toBe(2_234n);

    // A win, a deposit-like adjustment and a bet without a bonus count nothing.
    const w = await ledger.postWin({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider,
      txId: txId('win'),
      betTxId: slotBet.entry.betTxId!,
      gameId: slot,
    });
    expect(await counted(w.transactionId)).toBeNull();
    const plain = await bet(await createFundedUser(db, ledger, 5_000n), 1_000n);
    expect(plain.entry.bonusId).toBeNull();
    expect(await counted(plain.transactionId)).toBeNull();

    // The player's view and the back office read the same running sum.
    expect((await service.overview(userId)).active).toMatchObject({ wagered: '2.234' });
    const claims = await service.admin.claims({ q: userId, page: 1, limit: 10 });
    expect(claims.data[0]).toMatchObject({ id, wagered: '2.234' });

    // A refund takes back what its bet counted; a refund of a bet that counted 0 takes 0.
    await refund(userId, tableBet.entry.betTxId!);
    await refund(userId, overMax.entry.betTxId!);
    expect(await wagered(id)).toBe(2_000n);
    expect(await ledgerFormula(id)).toBe(2_000n);
    await expectLedgerClean(db);
  });

  it('takes back at a refund what the bet counted, though its game changed category since', async () => {
    const moved = 'rs-moved';
    await seedGames(db, provider, [catalogEntry({ providerGameId: moved, category: 'table' })]);
    const userId = await createFundedUser(db, ledger, 50_000n);
    const { id } = await service.claim(userId, 'rs-long');
    const first = await bet(userId, 3_000n, moved); // table 10 %: 300
    const second = await bet(userId, 4_000n, moved); // table 10 %: 400
    expect(await wagered(id)).toBe(700n);

    // The catalog moves the game to slots (100 %): what was counted stays counted.
    await db.execute(sql`update games set category = 'slots'
      where provider = ${provider} and provider_game_id = ${moved}`);
    const third = await bet(userId, 1_000n, moved); // slots now: 1.000
    expect(await counted(third.transactionId)).toBe(1_000n);
    expect(await wagered(id)).toBe(1_700n);
    // The old sum would now price the earlier bets at 100 % too.
    expect(await ledgerFormula(id)).toBe(8_000n);

    await refund(userId, first.entry.betTxId!);
    expect(await wagered(id)).toBe(1_400n); // 300 back, not 3.000
    expect(await counted(second.transactionId)).toBe(400n);
    // ledger:check knows the move cannot be seen from the ledger: still clean.
    await expectLedgerClean(db);
  });
});

describe('concurrency', () => {
  it('bets, refunds and settles of one player at once leave wagered equal to its bets’ counts', async () => {
    const userId = await createFundedUser(db, ledger, 200_000n);
    const { id } = await service.claim(userId, 'rs-long');
    // 20 bets at once, half through each ledger (each groups its own into one statement, the
    // two meet at the wallet's row lock), with settles of the bonus racing them.
    const amounts = Array.from({ length: 20 }, (_, i) => BigInt(100 + i * 97));
    const games = amounts.map((_, i) => (i % 3 === 0 ? table : slot));
    const first = await Promise.all([
      ...amounts.map((a, i) => bet(userId, a, games[i], i % 2 === 0 ? ledger : rival)),
      service.settle(userId),
      service.settle(userId),
    ]);
    const bets = first.slice(0, amounts.length) as Awaited<ReturnType<typeof bet>>[];
    const contribution = (i: number) =>
      games[i] === table ? (amounts[i]! * 10n) / 100n : amounts[i]!;
    let expected = amounts.reduce((sum, _, i) => sum + contribution(i), 0n);
    expect(await wagered(id)).toBe(expected);

    // Then 7 of them refunded while 10 more bets and a settle go.
    const refunded = [0, 3, 4, 9, 12, 15, 19];
    const more = Array.from({ length: 10 }, (_, i) => BigInt(1_000 + i));
    await Promise.all([
      ...refunded.map((i) => refund(userId, bets[i]!.entry.betTxId!, i % 2 === 0 ? rival : ledger)),
      ...more.map((a, i) => bet(userId, a, slot, i % 2 === 0 ? ledger : rival)),
      service.settle(userId),
    ]);
    expected -= refunded.reduce((sum, i) => sum + contribution(i), 0n);
    expected += more.reduce((sum, a) => sum + a, 0n);
    expect(await wagered(id)).toBe(expected);
    expect(await ledgerFormula(id)).toBe(expected);
    await expectLedgerClean(db);
  });

  it('a bonus met in the middle of a burst completes once; its sum still matches', async () => {
    const userId = await createFundedUser(db, ledger, 100_000n);
    const { id } = await service.claim(userId, 'rs-short'); // 20.00 to wager
    // 20 bets of 2.00 (40.00) with settles among them: the bonus completes part-way, and the
    // bets after that carry no bonus.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        bet(userId, 2_000n, slot, i % 2 === 0 ? ledger : rival),
        ...(i % 4 === 0 ? [service.settle(userId)] : []),
      ]).flat(),
    );
    await service.settle(userId);
    const history = (await service.overview(userId)).history;
    expect(history.find((h) => h.id === id)).toMatchObject({ status: 'completed' });
    const sum = await wagered(id);
    expect(sum).toBeGreaterThanOrEqual(20_000n);
    expect(sum).toBe(await ledgerFormula(id));
    await expectLedgerClean(db);
  });
});

describe('ledger:check', () => {
  it('names a tampered running sum and a tampered count', async () => {
    const userId = await createFundedUser(db, ledger, 20_000n);
    const { id } = await service.claim(userId, 'rs-long');
    const b = await bet(userId, 1_500n);
    await expectLedgerClean(db);

    await db.execute(sql`update player_bonuses set wagered = wagered + 1 where id = ${id}::bigint`);
    try {
      expect(await failing()).toEqual(['bonus-wagered']);
      expect(formatLedgerReport(await checkLedger(db))).toContain(
        `bonus ${id} of ${userId}: wagered 1501, its un-refunded bets counted 1500`,
      );
    } finally {
      await db.execute(
        sql`update player_bonuses set wagered = wagered - 1 where id = ${id}::bigint`,
      );
    }

    // Only a superuser going around the append-only trigger can change a bet's count.
    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
    try {
      await db.execute(sql`update ledger_entries set wager_counted = 1499
        where id = ${b.transactionId}::bigint`);
      expect(await failing()).toEqual(['bonus-wagered', 'bonus-wager-counted']);
      expect(formatLedgerReport(await checkLedger(db))).toContain(
        `bet ${b.transactionId} of bonus ${id}: amount -1500, counted 1499, the claim's terms give 1500`,
      );
    } finally {
      await db.execute(sql`update ledger_entries set wager_counted = 1500
        where id = ${b.transactionId}::bigint`);
      await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    }
    await expectLedgerClean(db);
  });
});

/** Every ledger row's count and every claim's sum. */
async function snapshot() {
  const counts = await db.execute<{ id: string; wager_counted: string | null }>(
    sql`select id, wager_counted from ledger_entries order by id`,
  );
  const sums = await db.execute<{ id: string; wagered: string }>(
    sql`select id, wagered from player_bonuses order by id`,
  );
  return {
    counts: new Map(counts.rows.map((r) => [String(r.id), r.wager_counted])),
    sums: new Map(sums.rows.map((r) => [String(r.id), BigInt(r.wagered)])),
  };
}
