import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { rgConfigFrom } from '../../src/features/responsible-gaming/rg-config';
import { rgLimitsService } from '../../src/features/responsible-gaming/rg-limits-service';
import { rgRepository } from '../../src/features/responsible-gaming/rg-repository';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import type { BalanceChanged } from '../../src/features/wallet/wallet-events';
import { fixedClock } from '../../src/lib/clock';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

/**
 * The bet's own statement says when the 80 % check is worth running (ledger_apply's rg_watch,
 * migration 0029, decision 088): the responsible-gaming feature reads a player's limits after
 * a bet only then, instead of after every bet. Watched: a bet that brings a loss or wager
 * limit to 80 % or more, and every bet of a player with a deposit limit (the check judges that
 * one, as before). Not watched: a player without limits, a bet below 80 %.
 */
const clock = fixedClock(new Date('2026-06-10T12:10:00.000Z'));
const config = rgConfigFrom({
  RG_DEFAULT_REALITY_CHECK_MINUTES: '60',
  RG_FLAG_NET_DEPOSITS_30D: '5000.00',
  RG_FLAG_LIMIT_RAISES_30D: 3,
  RG_FLAG_DECLINED_DEPOSITS_30D: 5,
}).responsibleGaming;

describe("a bet's rg_watch", () => {
  let db: DatabaseConnection;
  let destroy: () => Promise<void>;
  let ledger: Ledger;
  const heard: BalanceChanged[] = [];

  beforeAll(async () => {
    ({ db, destroy } = await createTestDb());
    ledger = createLedger({ db, clock });
    ledger.events.onBalanceChanged((event) => heard.push(event));
  });
  afterAll(async () => destroy());

  const limits = () => rgLimitsService({ db, clock, repo: rgRepository(db), config });

  /** Bets `cents` and answers the watch flag its balance event carried. */
  async function watchOf(userId: string, cents: number): Promise<boolean | undefined> {
    const result = await ledger.postBet({
      userId,
      amount: BigInt(cents * 10),
      currency: 'USD',
      provider: 'endorphina',
      txId: txId('watch'),
    });
    expect(result.outcome).toBe('applied');
    return heard.find((event) => event.entry.id === result.transactionId)?.rgWatch;
  }

  it('is false for a player without any setting', async () => {
    const userId = await createFundedUser(db, ledger, 1_000_000n);
    expect(await watchOf(userId, 90_000)).toBe(false);
  });

  it('a loss limit of 100.00: false at 79.99, true at exactly 80.00 and after', async () => {
    const userId = await createFundedUser(db, ledger, 1_000_000n);
    await limits().setLimit(
      userId,
      { kind: 'loss', period: 'day', amount: '100.00' },
      { by: 'player' },
    );
    expect(await watchOf(userId, 7_999)).toBe(false);
    expect(await watchOf(userId, 1)).toBe(true);
    expect(await watchOf(userId, 500)).toBe(true);
  });

  it('a wager limit of 50.00 per week: true once a bet reaches 40.00', async () => {
    const userId = await createFundedUser(db, ledger, 1_000_000n);
    await limits().setLimit(
      userId,
      { kind: 'wager', period: 'week', amount: '50.00' },
      { by: 'player' },
    );
    expect(await watchOf(userId, 3_000)).toBe(false);
    expect(await watchOf(userId, 1_000)).toBe(true);
  });

  it('a deposit limit: every bet is watched (the check judges deposits as before)', async () => {
    const userId = await createFundedUser(db, ledger, 1_000_000n);
    await limits().setLimit(
      userId,
      { kind: 'deposit', period: 'month', amount: '1000.00' },
      { by: 'player' },
    );
    expect(await watchOf(userId, 100)).toBe(true);
  });

  it('a win carries no watch', async () => {
    const userId = await createFundedUser(db, ledger, 1_000_000n);
    await limits().setLimit(
      userId,
      { kind: 'loss', period: 'day', amount: '1.00' },
      { by: 'player' },
    );
    const result = await ledger.postWin({
      userId,
      amount: 5_000n,
      currency: 'USD',
      provider: 'endorphina',
      txId: txId('watch-win'),
    });
    expect(heard.find((event) => event.entry.id === result.transactionId)?.rgWatch).toBe(false);
  });
});
