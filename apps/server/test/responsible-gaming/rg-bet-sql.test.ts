import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { rgConfigFrom } from '../../src/features/responsible-gaming/rg-config';
import { rgLimitsService } from '../../src/features/responsible-gaming/rg-limits-service';
import { rgRepository } from '../../src/features/responsible-gaming/rg-repository';
import { rgBetRefusal, rgRecordPosting } from '../../src/features/responsible-gaming/rg-statements';
import { fixedClock } from '../../src/lib/clock';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { createWalletUser } from '../helpers/wallets';

/**
 * The two SQL functions of migration 0020 on their own (decision 070): rg_bet_refusal judges
 * a bet from the hourly running sums under the player's row lock, rg_record_posting keeps the
 * sums. A "bet" here is what the ledger's statement does: judge, then record, in one
 * transaction.
 */
const start = new Date('2026-03-02T10:30:00.000Z');
const config = rgConfigFrom({
  RG_DEFAULT_REALITY_CHECK_MINUTES: '60',
  RG_FLAG_NET_DEPOSITS_30D: '5000.00',
  RG_FLAG_LIMIT_RAISES_30D: 3,
  RG_FLAG_DECLINED_DEPOSITS_30D: 5,
}).responsibleGaming;

async function bet(
  db: Database,
  userId: string,
  stake: bigint,
  at: Date,
  options: { cash?: bigint; round?: string } = {},
): Promise<string | null> {
  const cash = options.cash ?? stake;
  const round = options.round ?? null;
  return db.transaction(async (tx) => {
    const user = sql`${userId}::uuid`;
    const { rows } = await tx.execute<{ refusal: string | null }>(
      sql`select ${rgBetRefusal({ userId: user, stake: sql`${stake.toString()}::bigint`, cash: sql`${cash.toString()}::bigint`, roundId: round, now: at })} as refusal`,
    );
    const refusal = rows[0]?.refusal ?? null;
    if (refusal === null) {
      await tx.execute(
        sql`select ${rgRecordPosting({ userId: user, now: at, wagered: sql`${stake.toString()}::bigint`, cashLoss: sql`${cash.toString()}::bigint`, isBet: true, roundId: round })}`,
      );
    }
    return refusal;
  });
}

async function win(db: Database, userId: string, amount: bigint, at: Date) {
  await db.execute(
    sql`select ${rgRecordPosting({ userId: sql`${userId}::uuid`, now: at, wagered: sql`0::bigint`, cashLoss: sql`${(-amount).toString()}::bigint`, isBet: false, roundId: null })}`,
  );
}

describe('rg_bet_refusal and rg_record_posting', () => {
  let db: DatabaseConnection;
  let destroy: () => Promise<void>;
  const clock = fixedClock(start);

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
  });
  afterAll(async () => destroy());

  const service = () => rgLimitsService({ db, clock, repo: rgRepository(db), config });

  it('admits every bet of a player without any setting', async () => {
    const userId = await createWalletUser(db);
    expect(await bet(db, userId, 1_000_000n, start)).toBeNull();
  });

  it('a loss limit of 10.00: a bet up to it passes, one cent over is refused', async () => {
    const userId = await createWalletUser(db);
    await service().setLimit(
      userId,
      { kind: 'loss', period: 'day', amount: '10.00' },
      { by: 'player' },
    );
    expect(await bet(db, userId, 9_990n, start)).toBeNull(); // 9.99 used: one cent under
    expect(await bet(db, userId, 20n, start)).toBe('loss_limit'); // 10.01 would be over
    expect(await bet(db, userId, 10n, start)).toBeNull(); // exactly 10.00
    expect(await bet(db, userId, 10n, start)).toBe('loss_limit');
  });

  it('loss is stakes minus wins from cash: a win makes room, bonus stakes do not count', async () => {
    const userId = await createWalletUser(db);
    await service().setLimit(
      userId,
      { kind: 'loss', period: 'day', amount: '10.00' },
      { by: 'player' },
    );
    expect(await bet(db, userId, 10_000n, start)).toBeNull();
    expect(await bet(db, userId, 10n, start)).toBe('loss_limit');
    await win(db, userId, 4_000n, start);
    expect(await bet(db, userId, 4_000n, start)).toBeNull();
    // A 50.00 stake paid wholly from bonus money adds nothing to the loss.
    expect(await bet(db, userId, 50_000n, start, { cash: 0n })).toBeNull();
    expect(await bet(db, userId, 10n, start, { cash: 10n })).toBe('loss_limit');
  });

  it('a wager limit counts every stake, bonus money included, and wins do not make room', async () => {
    const userId = await createWalletUser(db);
    await service().setLimit(
      userId,
      { kind: 'wager', period: 'week', amount: '25.00' },
      { by: 'player' },
    );
    expect(await bet(db, userId, 20_000n, start, { cash: 0n })).toBeNull();
    await win(db, userId, 20_000n, start);
    expect(await bet(db, userId, 5_010n, start)).toBe('wager_limit');
    expect(await bet(db, userId, 5_000n, start)).toBeNull();
  });

  it('the windows roll: a 24-hour limit forgets a bet 26 hours old, the 7-day one does not', async () => {
    const userId = await createWalletUser(db);
    const s = service();
    await s.setLimit(userId, { kind: 'wager', period: 'day', amount: '10.00' }, { by: 'player' });
    await s.setLimit(userId, { kind: 'wager', period: 'week', amount: '15.00' }, { by: 'player' });
    const earlier = new Date(start.getTime() - 26 * 3_600_000);
    expect(await bet(db, userId, 10_000n, earlier)).toBeNull();
    expect(await bet(db, userId, 10_000n, start)).toBe('wager_limit'); // the week: 20.00 > 15.00
    expect(await bet(db, userId, 5_000n, start)).toBeNull(); // the day: 5.00; the week: 15.00
  });

  // Migration 0035: the judge reads the hours of the longest window the player has a limit
  // for. Each window below must still see a bet just inside it and nothing outside it.
  it('a weekly limit alone still counts a bet 3 days old and not one 8 days old', async () => {
    const userId = await createWalletUser(db);
    await service().setLimit(
      userId,
      { kind: 'wager', period: 'week', amount: '15.00' },
      { by: 'player' },
    );
    const daysAgo = (days: number) => new Date(start.getTime() - days * 86_400_000);
    expect(await bet(db, userId, 10_000n, daysAgo(8))).toBeNull();
    expect(await bet(db, userId, 5_000n, daysAgo(3))).toBeNull(); // its week: 15.00
    expect(await bet(db, userId, 9_990n, start)).toBeNull(); // the week: 5.00 + 9.99
    expect(await bet(db, userId, 20n, start)).toBe('wager_limit'); // 15.01
    expect(await bet(db, userId, 10n, start)).toBeNull(); // 15.00
  });

  it('a monthly limit still counts a loss 20 days old', async () => {
    const userId = await createWalletUser(db);
    await service().setLimit(
      userId,
      { kind: 'loss', period: 'month', amount: '15.00' },
      { by: 'player' },
    );
    await service().setLimit(
      userId,
      { kind: 'loss', period: 'day', amount: '100.00' },
      { by: 'player' },
    );
    expect(await bet(db, userId, 10_000n, new Date(start.getTime() - 20 * 86_400_000))).toBeNull();
    expect(await bet(db, userId, 5_010n, start)).toBe('loss_limit');
    expect(await bet(db, userId, 5_000n, start)).toBeNull();
  });

  it('a posting recorded in an earlier hour counts for the next bet, though that hour was cached', async () => {
    // Migration 0036: a weekly limit's bets read the closed hours' sums kept on the player's
    // rg_players row, made by the hour's first bet; a posting in an hour before it clears them.
    const userId = await createWalletUser(db);
    await service().setLimit(
      userId,
      { kind: 'loss', period: 'week', amount: '10.00' },
      { by: 'player' },
    );
    expect(await bet(db, userId, 10_000n, start)).toBeNull();
    expect(await bet(db, userId, 10n, start)).toBe('loss_limit');
    // Another instance, its clock a little behind, records a win of 4.00 in the hour before.
    await win(db, userId, 4_000n, new Date(start.getTime() - 3_600_000));
    expect(await bet(db, userId, 4_000n, start)).toBeNull(); // 10.00 − 4.00 + 4.00
    expect(await bet(db, userId, 10n, start)).toBe('loss_limit');
  });

  it('the lowest applicable limit wins', async () => {
    const userId = await createWalletUser(db);
    const s = service();
    await s.setLimit(userId, { kind: 'loss', period: 'month', amount: '5.00' }, { by: 'player' });
    await s.setLimit(userId, { kind: 'loss', period: 'day', amount: '100.00' }, { by: 'player' });
    expect(await bet(db, userId, 5_010n, start)).toBe('loss_limit');
    expect(await bet(db, userId, 5_000n, start)).toBeNull();
  });

  it('a block refuses every bet, whatever the limits', async () => {
    const userId = await createWalletUser(db);
    const repo = rgRepository(db);
    await service().setRealityCheck(userId, 15);
    await repo.updatePlayer(db, userId, {
      blockKind: 'time_out',
      blockedUntil: new Date(start.getTime() + 24 * 3_600_000),
    });
    expect(await bet(db, userId, 0n, start)).toBe('time_out');
    expect(await bet(db, userId, 10n, new Date(start.getTime() + 24 * 3_600_000))).toBeNull();
  });

  it('a self-exclusion past its term holds until 24 hours after the player asks to lift it', async () => {
    const userId = await createWalletUser(db);
    const repo = rgRepository(db);
    await service().setRealityCheck(userId, 15);
    const end = new Date(start.getTime() + 3_600_000);
    await repo.updatePlayer(db, userId, { blockKind: 'self_exclusion', blockedUntil: end });
    const later = new Date(end.getTime() + 3_600_000);
    expect(await bet(db, userId, 10n, later)).toBe('self_exclusion');
    await repo.updatePlayer(db, userId, { liftRequestedAt: later });
    expect(await bet(db, userId, 10n, new Date(later.getTime() + 23 * 3_600_000))).toBe(
      'self_exclusion',
    );
    expect(await bet(db, userId, 10n, new Date(later.getTime() + 24 * 3_600_000))).toBeNull();
  });

  it('a session limit refuses a new round once reached, not a bet of the round in progress', async () => {
    const userId = await createWalletUser(db);
    await service().setSessionLimit(userId, { minutes: 10 });
    // Bets every 2 minutes from 10:00: 10 minutes played at 10:10.
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 10, minutes));
    for (let m = 0; m <= 8; m += 2)
      expect(await bet(db, userId, 10n, at(m), { round: `r${m}` })).toBeNull();
    expect(await bet(db, userId, 10n, at(10), { round: 'r10' })).toBeNull(); // 10 min now
    expect(await bet(db, userId, 10n, at(11), { round: 'r10' })).toBeNull(); // same round
    expect(await bet(db, userId, 10n, at(11), { round: 'r11' })).toBe('session_limit');
    expect(await bet(db, userId, 10n, at(11))).toBe('session_limit');
  });

  it('counts a gap of more than 5 minutes between bets as a break, 5 minutes of play at most', async () => {
    const userId = await createWalletUser(db);
    await service().setSessionLimit(userId, { minutes: 6 });
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 3, 10, minutes));
    expect(await bet(db, userId, 10n, at(0), { round: 'a' })).toBeNull();
    expect(await bet(db, userId, 10n, at(30), { round: 'b' })).toBeNull(); // +5 min
    expect(await bet(db, userId, 10n, at(31), { round: 'c' })).toBeNull(); // +1 min: 6
    expect(await bet(db, userId, 10n, at(32), { round: 'd' })).toBe('session_limit');
  });
});

// Concurrency is a PostgreSQL question: PGlite is one connection, every bet already serial.
describe.skipIf(testDatabaseDriver() !== 'postgres')('rg_bet_refusal under concurrency', () => {
  let db: DatabaseConnection;
  let pool: DatabaseConnection;
  let destroy: () => Promise<void>;

  beforeAll(async () => {
    const test = await createTestDb();
    ({ db, destroy } = test);
    pool = openPostgres({ url: test.url ?? '', max: 25 });
  });
  afterAll(async () => {
    await pool.close();
    await destroy();
  });

  it('50 concurrent bets against a loss limit never overshoot it', async () => {
    const userId = await createWalletUser(db);
    const clock = fixedClock(start);
    await rgLimitsService({ db, clock, repo: rgRepository(db), config }).setLimit(
      userId,
      { kind: 'loss', period: 'day', amount: '10.00' },
      { by: 'player' },
    );
    // 50 bets of 0.30: 33 fit in 10.00 (9.90), the rest must be refused.
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bet(pool, userId, 300n, start)),
    );
    expect(results.filter((r) => r === null)).toHaveLength(33);
    expect(results.filter((r) => r === 'loss_limit')).toHaveLength(17);
    const usage = await rgRepository(db).playUsage(userId, start);
    expect(usage.loss.day).toBe(9_900n);
  });
});
