import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { bonusOffers } from '../../src/db/schema';
import { createBonusService, type BonusService } from '../../src/features/bonus/bonus-service';
import type { ForfeitConfirmation } from '../../src/features/bonus/bonus-withdrawal';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { InsufficientFunds } from '../../src/features/wallet/wallet-errors';
import { fixedClock } from '../../src/lib/clock';
import { isAppError } from '../../src/lib/errors';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, seedGames } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

/**
 * Issue 25, decision 062: the player's own cash may always leave. A withdrawal while a bonus is
 * active forfeits the bonus and its winnings, only once the player confirmed the amounts the
 * warning showed, in one transaction with the withdrawal; further claims queue behind the
 * active bonus and start when it ends. Against the ledger and the engine directly.
 */
let db: DatabaseConnection;
let destroy: () => Promise<void>;
let ledger: Ledger;
let service: BonusService;
const clock = fixedClock(new Date('2026-11-26T12:00:00Z'));
const provider = 'endorphina';
const slot = 'forfeit-test-slot';

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  ledger = createLedger({ db, clock });
  service = createBonusService({
    db,
    ledger,
    clock,
    logger: createLogger({ logLevel: 'silent', env: 'test' }),
  });
  await seedGames(db, provider, [catalogEntry({ providerGameId: slot, category: 'slots' })]);
  await db.insert(bonusOffers).values([
    {
      id: 'q-five',
      kind: 'free_credit' as const,
      title: { en: 'five', ru: 'пять' },
      terms: { en: 'terms', ru: 'условия' },
      amount: 5_000n,
      wageringMultiplier: 30,
      contributions: { slots: 100 },
      maxBet: 10_000n,
      validDays: 7,
      enabled: true,
      sortOrder: 2000,
    },
  ]);
});
afterAll(async () => {
  await destroy();
});

const bet = (userId: string, amount: bigint, id = txId('bet')) =>
  ledger.postBet({
    userId,
    amount,
    currency: 'USD',
    provider,
    txId: id,
    gameId: slot,
    roundId: id,
  });
const win = (userId: string, amount: bigint, betTxId: string) =>
  ledger.postWin({
    userId,
    amount,
    currency: 'USD',
    provider,
    txId: txId('win'),
    betTxId,
    gameId: slot,
  });
const deposit = (userId: string, amount: bigint) =>
  ledger.postOperatorMovement({
    kind: 'deposit',
    userId,
    amount,
    currency: 'USD',
    idempotencyKey: txId('dep'),
    actor: 'test',
  });
const withdraw = (userId: string, amount: bigint, confirmation?: ForfeitConfirmation) =>
  service.withdrawForfeiting(userId, confirmation, (tx) =>
    tx.postWithdrawal({ amount, currency: 'USD', idempotencyKey: txId('wd'), actor: 'test' }),
  );

async function wallet(userId: string) {
  const w = await ledger.getBalance(userId);
  return { cash: w.balance - w.bonus, bonus: w.bonus };
}
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

/** $5 of bonus (q-five) turned into $8 by a bet of the bonus money and its win; $50 of cash after. */
async function playerWithWinnings() {
  const userId = await createFundedUser(db, ledger, 0n);
  const bonus = await service.claim(userId, 'q-five');
  const b = await bet(userId, 5_000n);
  await win(userId, 8_000n, b.entry.betTxId!);
  await deposit(userId, 50_000n);
  await service.settle(userId);
  expect(await wallet(userId)).toEqual({ cash: 50_000n, bonus: 8_000n });
  return { userId, bonusId: bonus.id };
}

describe('a withdrawal while a bonus is active', () => {
  it('warns with the amounts it would forfeit: the bonus, its winnings and their total', async () => {
    const { userId, bonusId } = await playerWithWinnings();
    const overview = await service.overview(userId);
    expect(overview.active).toMatchObject({
      id: bonusId,
      status: 'active',
      withdrawal_forfeit: { bonus: '5.00', winnings: '3.00', total: '8.00' },
    });
    const refused = await refusal(withdraw(userId, 20_000n));
    expect(isAppError(refused) && refused.code).toBe('WITHDRAWAL_BONUS_ACTIVE');
    expect(isAppError(refused) && refused.fields).toEqual([
      { path: 'bonus_id', message: bonusId },
      { path: 'bonus', message: '5.00' },
      { path: 'winnings', message: '3.00' },
      { path: 'total', message: '8.00' },
    ]);
    expect((refused as Error).message).toContain('$5.00 of bonus money and the $3.00 won with it');
    // Nothing moved, and a confirmation of other amounts is not one of these.
    expect(await wallet(userId)).toEqual({ cash: 50_000n, bonus: 8_000n });
    const stale = await refusal(withdraw(userId, 20_000n, { bonusId, total: 7_000n }));
    expect(isAppError(stale) && stale.code).toBe('WITHDRAWAL_BONUS_ACTIVE');
    expect((stale as Error).message).toMatch(/^Your bonus changed since the warning/);
    expect(await wallet(userId)).toEqual({ cash: 50_000n, bonus: 8_000n });
    await expectLedgerClean(db);
  });

  it('once confirmed, forfeits exactly the bonus and its winnings and moves the cash', async () => {
    const { userId, bonusId } = await playerWithWinnings();
    const posted = await withdraw(userId, 20_000n, { bonusId, total: 8_000n });
    expect(posted.outcome).toBe('applied');
    expect(await wallet(userId)).toEqual({ cash: 30_000n, bonus: 0n });
    const { history } = await service.overview(userId);
    expect(history[0]).toMatchObject({
      id: bonusId,
      status: 'forfeited',
      forfeited_amount: '8.00',
    });
    // Through the ledger's bonus_forfeit posting, like a cancel, then the withdrawal.
    const { rows } = await db.execute<{ operation: string; amount: string; bonus: string }>(sql`
      select operation, amount::text, bonus_amount::text as bonus from ledger_entries
      where user_id = ${userId}::uuid and operation in ('bonus_forfeit', 'withdrawal')
      order by id`);
    expect(rows).toEqual([
      { operation: 'bonus_forfeit', amount: '-8000', bonus: '-8000' },
      { operation: 'withdrawal', amount: '-20000', bonus: '0' },
    ]);
    await expectLedgerClean(db);
  });

  it('forfeits nothing when the withdrawal itself is refused (all or nothing)', async () => {
    const { userId, bonusId } = await playerWithWinnings();
    const over = await refusal(withdraw(userId, 60_000n, { bonusId, total: 8_000n }));
    expect(over).toBeInstanceOf(InsufficientFunds);
    expect(await wallet(userId)).toEqual({ cash: 50_000n, bonus: 8_000n });
    expect((await service.overview(userId)).active).toMatchObject({
      id: bonusId,
      status: 'active',
    });
    await expectLedgerClean(db);
  });
});

describe('claims behind an active bonus', () => {
  it('queue, and the next one starts when the active one ends', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    const first = await service.claim(userId, 'q-five');
    const queued = await service.claim(userId, 'free-10');
    const daily = await service.claim(userId, 'daily');
    expect([queued.status, daily.status]).toEqual(['queued', 'queued']);
    expect(await wallet(userId)).toEqual({ cash: 0n, bonus: 5_000n });
    const overview = await service.overview(userId);
    expect(overview.active?.id).toBe(first.id);
    expect(overview.queued.map((q) => [q.id, q.status])).toEqual([
      [queued.id, 'queued'],
      [daily.id, 'queued'],
    ]);
    expect(overview.daily?.offer).toMatchObject({ claimable: false, reason: 'cooldown' });

    await service.cancel(userId, BigInt(first.id));
    const next = await service.overview(userId);
    expect(next.active).toMatchObject({ id: queued.id, status: 'active', amount: '10.00' });
    expect(next.queued.map((q) => q.id)).toEqual([daily.id]);
    expect(await wallet(userId)).toEqual({ cash: 0n, bonus: 10_000n });

    // A withdrawal's forfeit ends the active one too: the daily bonus starts after it.
    await deposit(userId, 20_000n);
    await withdraw(userId, 5_000n, { bonusId: queued.id, total: 10_000n });
    const last = await service.overview(userId);
    expect(last.active).toMatchObject({ id: daily.id, status: 'active', amount: '1.00' });
    expect(last.queued).toEqual([]);
    expect(await wallet(userId)).toEqual({ cash: 15_000n, bonus: 1_000n });
    await expectLedgerClean(db);
  });

  it('a queued claim may be cancelled: it never had money', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    await service.claim(userId, 'q-five');
    const queued = await service.claim(userId, 'free-10');
    const cancelled = await service.cancel(userId, BigInt(queued.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', forfeited_amount: null });
    expect(await wallet(userId)).toEqual({ cash: 0n, bonus: 5_000n });
    await expectLedgerClean(db);
  });
});

describe('races', () => {
  it('a confirmed withdrawal racing a win of bonus money: forfeits exactly what it saw, or nothing', async () => {
    for (let round = 0; round < 12; round++) {
      // A bet of bonus money (no cash yet) waiting for its win, then cash deposited.
      const userId = await createFundedUser(db, ledger, 0n);
      const bonusId = (await service.claim(userId, 'q-five')).id;
      const pending = await bet(userId, 2_000n);
      await deposit(userId, 30_000n);
      const before = await wallet(userId);
      const [withdrawal, won] = await Promise.allSettled([
        withdraw(userId, 10_000n, { bonusId, total: before.bonus }),
        win(userId, 4_000n, pending.entry.betTxId!),
      ]);
      expect(won.status).toBe('fulfilled');
      const after = await wallet(userId);
      const { rows } = await db.execute<{ forfeited: string | null; status: string }>(sql`
        select forfeited_amount::text as forfeited, status from player_bonuses
        where id = ${bonusId}::bigint`);
      if (withdrawal.status === 'fulfilled') {
        // Forfeited first: exactly the pocket the warning showed; the later win is cash.
        expect(rows[0]).toEqual({ status: 'forfeited', forfeited: before.bonus.toString() });
        expect(after).toEqual({ cash: before.cash - 10_000n + 4_000n, bonus: 0n });
      } else {
        // The win changed the pocket first: nothing forfeited, nothing withdrawn.
        expect(isAppError(withdrawal.reason) && withdrawal.reason.code).toBe(
          'WITHDRAWAL_BONUS_ACTIVE',
        );
        expect(rows[0]?.status).toBe('active');
        expect(after.cash + after.bonus).toBe(before.cash + before.bonus + 4_000n);
      }
    }
    await expectLedgerClean(db);
  }, 60_000);

  it('a confirmed withdrawal racing a bet: the cash is withdrawn or the bet is taken, never a forfeit without the withdrawal', async () => {
    for (let round = 0; round < 12; round++) {
      const userId = await createFundedUser(db, ledger, 0n);
      const bonus = await service.claim(userId, 'q-five');
      await deposit(userId, 20_000n);
      const [withdrawal, placed] = await Promise.allSettled([
        withdraw(userId, 20_000n, { bonusId: bonus.id, total: 5_000n }),
        bet(userId, 5_000n),
      ]);
      const after = await wallet(userId);
      const { rows } = await db.execute<{ status: string }>(sql`
        select status from player_bonuses where id = ${bonus.id}::bigint`);
      if (withdrawal.status === 'fulfilled') {
        expect(rows[0]?.status).toBe('forfeited');
        // The bet came after: nothing left to bet with, refused; or before, from cash: then
        // the withdrawal of all the cash would have been refused.
        expect(placed.status).toBe('rejected');
        expect(after).toEqual({ cash: 0n, bonus: 0n });
      } else {
        expect(placed.status).toBe('fulfilled');
        expect(withdrawal.reason).toBeInstanceOf(InsufficientFunds);
        expect(rows[0]?.status).toBe('active');
        expect(after).toEqual({ cash: 15_000n, bonus: 5_000n });
      }
    }
    await expectLedgerClean(db);
  }, 60_000);
});
