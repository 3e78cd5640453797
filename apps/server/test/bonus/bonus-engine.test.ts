import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { bonusOffers, promoCodes } from '../../src/db/schema';
import { createBonusService, type BonusService } from '../../src/features/bonus/bonus-service';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import { BonusActive, InsufficientFunds } from '../../src/features/wallet/wallet-errors';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { isAppError } from '../../src/lib/errors';
import { catalogEntry, seedGames } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

/**
 * The engine against the ledger directly: the split of bets, wins and refunds, claims,
 * promo codes, the daily cooldown, conversion with and without a cap, forfeits, and races.
 * Bets here are posted as a provider adapter posts them; test/bonus/bonus-callbacks.test.ts
 * sends them through each provider's real callbacks. ledger:check runs after each test.
 */

let db: DatabaseConnection;
let destroy: () => Promise<void>;
let ledger: Ledger;
let service: BonusService;
const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
const provider = 'endorphina';
const slot = 'bonus-test-slot';
const table = 'bonus-test-table';

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  ledger = createLedger({ db, clock });
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
  // Offers of the tests' own, beside the seeded defaults.
  await db
    .insert(bonusOffers)
    .values([
      offer('t-free', { amount: 10_000n, wageringMultiplier: 2, maxCashout: null }),
      offer('t-capped', { amount: 10_000n, wageringMultiplier: 1, maxCashout: 4_000n }),
      offer('t-promo', { amount: 5_000n, wageringMultiplier: 3, promoOnly: true }),
    ]);
});
afterAll(async () => {
  await destroy();
});

function offer(id: string, o: Partial<typeof bonusOffers.$inferInsert>) {
  return {
    id,
    kind: 'free_credit' as const,
    title: { en: id, ru: id },
    terms: { en: 'terms', ru: 'условия' },
    wageringMultiplier: 2,
    contributions: { slots: 100, table: 10 },
    maxBet: 5_000n,
    validDays: 7,
    enabled: true,
    sortOrder: 1000,
    ...o,
  };
}

const bet = (userId: string, amount: bigint, gameId = slot, id = txId('bet')) =>
  ledger.postBet({ userId, amount, currency: 'USD', provider, txId: id, gameId, roundId: id });
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

async function code(err: Promise<unknown>): Promise<string> {
  try {
    await err;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function wallet(userId: string) {
  const w = await ledger.getBalance(userId);
  return { total: w.balance, cash: w.balance - w.bonus, bonus: w.bonus };
}

describe('the split of a bet, a win and a refund', () => {
  it('spends cash first, then bonus; a win splits as its bet was funded; a refund restores it', async () => {
    const userId = await createFundedUser(db, ledger, 3_000n);
    const bonus = await service.claim(userId, 't-free');
    expect(bonus).toMatchObject({ status: 'active', amount: '10.00', wagering_required: '20.00' });
    expect(await wallet(userId)).toEqual({ total: 13_000n, cash: 3_000n, bonus: 10_000n });

    // 4.00: 3.00 of cash, then 1.00 of bonus.
    const b1 = await bet(userId, 4_000n);
    expect(b1.entry).toMatchObject({ amount: -4_000n, bonusAmount: -1_000n, bonusAfter: 9_000n });
    expect(await wallet(userId)).toEqual({ total: 9_000n, cash: 0n, bonus: 9_000n });

    // A win of 10.00 on it: a quarter bonus (1/4 of the stake was bonus), the rest cash.
    const w1 = await win(userId, 10_000n, b1.entry.betTxId!);
    expect(w1.entry).toMatchObject({ amount: 10_000n, bonusAmount: 2_500n });
    expect(await wallet(userId)).toEqual({ total: 19_000n, cash: 7_500n, bonus: 11_500n });

    // A bet of 9.00 funded 7.50 cash + 1.50 bonus, refunded: exactly that split comes back.
    const b2 = await bet(userId, 9_000n);
    expect(b2.entry.bonusAmount).toBe(-1_500n);
    const r = await ledger.postRefund({ userId, provider, betTxId: b2.entry.betTxId! });
    expect(r.entry).toMatchObject({ amount: 9_000n, bonusAmount: 1_500n });
    expect(await wallet(userId)).toEqual({ total: 19_000n, cash: 7_500n, bonus: 11_500n });

    // Wagering counts the first bet only (the refunded one is taken back).
    const overview = await service.overview(userId);
    expect(overview.active).toMatchObject({ wagered: '4.00', percent: 20 });
    expect(overview).toMatchObject({ cash: '7.50', bonus: '11.50' });
    await expectLedgerClean(db);
  });

  it('keeps bonus money in: withdrawals are refused while a bonus is active, debits take cash only', async () => {
    const userId = await createFundedUser(db, ledger, 2_000n);
    await service.claim(userId, 't-free');
    await expect(
      ledger.postOperatorMovement({
        kind: 'withdrawal',
        userId,
        amount: 1_000n,
        idempotencyKey: txId('wd'),
        actor: 'test',
      }),
    ).rejects.toBeInstanceOf(BonusActive);
    // An operator's debit may take the cash (2.00) but not the bonus money.
    await expect(
      ledger.postAdjustment({
        userId,
        amount: -3_000n,
        reason: 'test',
        idempotencyKey: txId('adj'),
        actor: 'test',
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await wallet(userId)).toEqual({ total: 12_000n, cash: 2_000n, bonus: 10_000n });
    await expectLedgerClean(db);
  });
});

describe('wagering and its end', () => {
  it('converts the pocket to cash when met, with category contributions and the max bet', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    await service.claim(userId, 't-free'); // 10.00, wager 20.00
    await bet(userId, 2_000n, table); // table 10 %: 0.20
    await bet(userId, 5_500n, slot); // over the max bet (5.00): 0
    await service.settle(userId);
    expect((await service.overview(userId)).active).toMatchObject({ wagered: '0.20', percent: 1 });
    const b = await bet(userId, 2_000n); // 2.00 of wagering
    await win(userId, 30_000n, b.entry.betTxId!); // all bonus-funded: all to the pocket
    for (let i = 0; i < 4; i++) await bet(userId, 5_000n); // 20.00 more
    await service.settle(userId);
    const overview = await service.overview(userId);
    expect(overview.active).toBeNull();
    expect(overview.history[0]).toMatchObject({
      status: 'completed',
      percent: 100,
      converted_amount: '10.50',
      forfeited_amount: '0.00',
    });
    // 10 - 2 - 5.50 - 2 + 30 - 20 = 10.50, all cash now.
    expect(await wallet(userId)).toEqual({ total: 10_500n, cash: 10_500n, bonus: 0n });
    await expectLedgerClean(db);
  });

  it('caps the conversion at the maximum cash-out and forfeits the rest', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    await service.claim(userId, 't-capped'); // 10.00, wager 10.00, cap 4.00
    const b = await bet(userId, 5_000n);
    await win(userId, 20_000n, b.entry.betTxId!);
    await bet(userId, 5_000n);
    await service.settle(userId);
    const [ended] = (await service.overview(userId)).history;
    expect(ended).toMatchObject({
      status: 'completed',
      converted_amount: '4.00',
      forfeited_amount: '16.00',
    });
    expect(await wallet(userId)).toEqual({ total: 4_000n, cash: 4_000n, bonus: 0n });
    await expectLedgerClean(db);
  });

  it('forfeits what is left on cancel and on expiry, leaving cash untouched', async () => {
    const a = await createFundedUser(db, ledger, 1_000n);
    const bonus = await service.claim(a, 't-free');
    await bet(a, 3_000n); // 1.00 cash + 2.00 bonus
    const cancelled = await service.cancel(a, BigInt(bonus.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', forfeited_amount: '8.00' });
    expect(await wallet(a)).toEqual({ total: 0n, cash: 0n, bonus: 0n });
    expect(await code(service.cancel(a, BigInt(bonus.id)))).toBe('BONUS_ENDED');

    const b = await createFundedUser(db, ledger, 1_500n);
    await service.claim(b, 't-free');
    clock.advance(8 * 24 * 3600_000); // past its 7 days
    expect(await service.sweepExpired()).toBeGreaterThanOrEqual(1);
    const [expired] = (await service.overview(b)).history;
    expect(expired).toMatchObject({ status: 'expired', forfeited_amount: '10.00' });
    expect(await wallet(b)).toEqual({ total: 1_500n, cash: 1_500n, bonus: 0n });
    await expectLedgerClean(db);
  });

  it('a win for a bet whose bonus has ended is cash', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    const bonus = await service.claim(userId, 't-free');
    const b = await bet(userId, 2_000n);
    await service.cancel(userId, BigInt(bonus.id));
    const w = await win(userId, 4_000n, b.entry.betTxId!);
    expect(w.entry.bonusAmount).toBe(0n);
    expect(await wallet(userId)).toEqual({ total: 4_000n, cash: 4_000n, bonus: 0n });
    await expectLedgerClean(db);
  });
});

describe('claims', () => {
  it('never grants twice: a double click and two tabs get one bonus, the rest are refused', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => service.claim(userId, 't-free')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect((r.reason as { code: string }).code).toBe('ALREADY_CLAIMED');
    }
    expect(await wallet(userId)).toEqual({ total: 10_000n, cash: 0n, bonus: 10_000n });
    await expectLedgerClean(db);
  });

  it('gives the daily bonus once per 24 hours and says when it is next available', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    const first = await service.claim(userId, 'daily');
    expect(first).toMatchObject({ status: 'active', amount: '1.00' });
    await service.cancel(userId, BigInt(first.id));
    clock.advance(23 * 3600_000);
    expect(await code(service.claim(userId, 'daily'))).toBe('DAILY_COOLDOWN');
    const overview = await service.overview(userId);
    expect(overview.daily?.offer).toMatchObject({ claimable: false, reason: 'cooldown' });
    expect(new Date(overview.daily!.next_at!).getTime() - clock.now().getTime()).toBe(3600_000);
    clock.advance(3600_000);
    expect((await service.overview(userId)).daily).toMatchObject({ next_at: null });
    expect(await service.claim(userId, 'daily')).toMatchObject({ status: 'active' });
    await expectLedgerClean(db);
  });

  it('refuses a listed offer twice and an unknown one', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    const first = await service.claim(userId, 't-capped');
    await service.cancel(userId, BigInt(first.id));
    expect(await code(service.claim(userId, 't-capped'))).toBe('ALREADY_CLAIMED');
    expect(await code(service.claim(userId, 'no-such-offer'))).toBe('OFFER_NOT_FOUND');
    expect(await code(service.claim(userId, 't-promo'))).toBe('OFFER_NOT_FOUND');
  });

  it('grants a deposit match on the next deposit, up to its maximum', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    const claimed = await service.claim(userId, 'welcome-match'); // 100 % up to 200, min 10
    expect(claimed).toMatchObject({ status: 'awaiting_deposit', amount: '0.00' });
    const deposit = (amount: bigint) =>
      ledger.postOperatorMovement({
        kind: 'deposit',
        userId,
        amount,
        idempotencyKey: txId('dep'),
        actor: 'test',
      });
    await deposit(5_000n); // under the minimum
    await service.settle(userId);
    expect((await service.overview(userId)).active).toMatchObject({ status: 'awaiting_deposit' });
    await deposit(250_000n);
    await service.settle(userId);
    expect((await service.overview(userId)).active).toMatchObject({
      status: 'active',
      amount: '200.00',
      wagering_required: '6000.00',
    });
    expect(await wallet(userId)).toEqual({ total: 455_000n, cash: 255_000n, bonus: 200_000n });
    await expectLedgerClean(db);
  });
});

describe('promo codes', () => {
  async function promo(code: string, o: Partial<typeof promoCodes.$inferInsert> = {}) {
    await db.insert(promoCodes).values({
      code,
      offerId: 't-promo',
      maxUses: 10,
      expiresAt: new Date(clock.now().getTime() + 24 * 3600_000),
      ...o,
    });
  }

  it('is case-insensitive, once per player, and refuses unknown and expired codes', async () => {
    await promo('SPRING');
    await promo('OLD', { expiresAt: new Date(clock.now().getTime() - 1) });
    const userId = await createFundedUser(db, ledger, 0n);
    expect(await code(service.activatePromo(userId, 'nope'))).toBe('PROMO_UNKNOWN');
    expect(await code(service.activatePromo(userId, 'old'))).toBe('PROMO_EXPIRED');
    const bonus = await service.activatePromo(userId, '  spring ');
    expect(bonus).toMatchObject({ status: 'active', amount: '5.00', offer_id: 't-promo' });
    await service.cancel(userId, BigInt(bonus.id));
    expect(await code(service.activatePromo(userId, 'Spring'))).toBe('PROMO_ALREADY_USED');
    await expectLedgerClean(db);
  });

  it('stops at its usage limit, also when players race for the last uses', async () => {
    await promo('LIMITED', { maxUses: 3 });
    const players = await Promise.all(
      Array.from({ length: 6 }, () => createFundedUser(db, ledger, 0n)),
    );
    const results = await Promise.allSettled(
      players.map((p) => service.activatePromo(p, 'limited')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) {
      if (r.status === 'rejected')
        expect((r.reason as { code: string }).code).toBe('PROMO_USED_UP');
    }
    const { rows } = await db.execute<{ uses: number }>(
      sql`select uses from promo_codes where code = 'LIMITED'`,
    );
    expect(Number(rows[0]?.uses)).toBe(3);
    await expectLedgerClean(db);
  });

  it('asks for a deposit when the code has a minimum, without using the code up', async () => {
    await promo('DEPOSITORS', { maxUses: 1, minDeposit: 50_000n });
    const userId = await createFundedUser(db, ledger, 0n);
    expect(await code(service.activatePromo(userId, 'depositors'))).toBe('DEPOSIT_REQUIRED');
    await ledger.postOperatorMovement({
      kind: 'deposit',
      userId,
      amount: 50_000n,
      idempotencyKey: txId('dep'),
      actor: 'test',
    });
    expect(await service.activatePromo(userId, 'depositors')).toMatchObject({ status: 'active' });
    await expectLedgerClean(db);
  });
});

describe('races', () => {
  it('bets racing a cancel: every bet is split on the wallet as it was when it ran', async () => {
    const userId = await createFundedUser(db, ledger, 5_000n);
    const bonus = await service.claim(userId, 't-free');
    const bets = Array.from({ length: 8 }, () => bet(userId, 1_000n).catch(() => null));
    const cancel = service.cancel(userId, BigInt(bonus.id));
    const [placed] = await Promise.all([Promise.all(bets), cancel]);
    const landed = placed.filter((p) => p !== null);
    const w = await wallet(userId);
    expect(w.bonus).toBe(0n);
    // Cash only ever paid for the bets, never for the forfeit.
    const cashSpent = landed.reduce((s, p) => s - (p.entry.amount - p.entry.bonusAmount), 0n);
    expect(w.cash).toBe(5_000n - cashSpent);
    await expectLedgerClean(db);
  });

  it('bets racing the conversion: the bonus ends once, and later bets are cash', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    await service.claim(userId, 't-capped'); // wager 10.00
    await bet(userId, 5_000n);
    await bet(userId, 4_000n);
    await Promise.all([
      bet(userId, 1_000n).then(() => service.settle(userId)),
      service.settle(userId),
      service.settle(userId),
    ]);
    const { rows } = await db.execute<{ n: string }>(
      sql`select count(*) as n from ledger_entries where user_id = ${userId}::uuid
        and operation in ('bonus_convert', 'bonus_forfeit')`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
    expect((await service.overview(userId)).history[0]).toMatchObject({ status: 'completed' });
    await expectLedgerClean(db);
  });
});
