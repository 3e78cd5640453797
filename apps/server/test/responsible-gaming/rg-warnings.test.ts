import { randomBytes } from 'node:crypto';
import type { RgStatusResponse } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { fixedClock } from '../../src/lib/clock';
import { createTestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { bearer, createPlayer, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { buildCashierApp, cardToken, cards, deposit } from '../payments/payments-helpers';

/**
 * The 80 % warning's e-mail (decision 070): when a limit's window reaches 80 % of the limit,
 * one e-mail to the player through the app's mailer, once per limit and window: not below
 * 80 %, not again in the same window, again in the next window. Bets go through the ledger
 * (its committed postings start the check), deposits through the cashier.
 */
const subject = 'Your limit is nearly used / Лимит почти исчерпан';
const hour = 3_600_000;
const clock = fixedClock(new Date('2026-06-10T12:10:00.000Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildCashierApp({ clock, env: { DEPOSIT_MIN: '0.50' } });
});
afterAll(async () => {
  await expectLedgerClean(t.db);
  await t.close();
});

const rg = () => t.app.responsibleGaming;
const warningsTo = async (email: string) => {
  await rg().warnings.idle();
  return t.outbox.filter((m) => m.to === email && m.subject === subject);
};
const emailOf = async (userId: string) => {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
};

/** A bet of `cents` through the ledger, as a provider's callback posts it. */
const bet = (userId: string, cents: number) =>
  t.app.wallet.postBet({
    userId,
    amount: BigInt(cents * 10),
    currency: 'USD',
    provider: 'endorphina',
    txId: `rg-warn-${randomBytes(6).toString('hex')}`,
  });

describe('the 80 % warning e-mail', () => {
  it('a loss limit: none at 79.99 %, one at 80 %, none again in the window, one in the next', async () => {
    const player = await createTestPlayer(t.db, clock, 200_000n);
    const email = await emailOf(player.id);
    await rg().service.limits.setLimit(
      player.id,
      { kind: 'loss', period: 'day', amount: '100.00' },
      { by: 'player' },
    );

    await bet(player.id, 7_999);
    expect(await warningsTo(email)).toHaveLength(0);

    // One cent more: exactly 80.00 of 100.00 used.
    await bet(player.id, 1);
    const sent = await warningsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(
      'You have used $80.00 of your loss limit of $100.00 per 24 hours.',
    );
    expect(sent[0]?.text).toContain(
      'Вы использовали $80.00 из лимита проигрыша $100.00 за 24 часа.',
    );

    // More play in the same window: still the one e-mail.
    await bet(player.id, 500);
    clock.advance(2 * hour);
    await bet(player.id, 100);
    expect(await warningsTo(email)).toHaveLength(1);

    // The next 24 hours: the window has emptied; 80 % again is warned again, once.
    clock.advance(26 * hour);
    await bet(player.id, 7_999);
    expect(await warningsTo(email)).toHaveLength(1);
    await bet(player.id, 1);
    await bet(player.id, 1);
    expect(await warningsTo(email)).toHaveLength(2);
  });

  it('each limit warns on its own, once per window, whatever the other does', async () => {
    const player = await createTestPlayer(t.db, clock, 200_000n);
    const email = await emailOf(player.id);
    const set = (kind: 'wager' | 'loss', amount: string) =>
      rg().service.limits.setLimit(player.id, { kind, period: 'week', amount }, { by: 'player' });
    await set('wager', '100.00');
    await set('loss', '50.00');
    // 40.00 staked: the loss limit at 80 %, the wager limit at 40 %.
    await bet(player.id, 4_000);
    const sent = await warningsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(
      'You have used $40.00 of your loss limit of $50.00 per 7 days.',
    );
    // A win gives the loss room again; 40.00 more staked brings the wager limit to 80 % and the
    // loss back to 80 %: the wager limit warns, the loss limit (warned in this window) not again.
    await t.app.wallet.postWin({
      userId: player.id,
      amount: 40_000n,
      currency: 'USD',
      provider: 'endorphina',
      txId: `rg-warn-win-${randomBytes(6).toString('hex')}`,
    });
    await bet(player.id, 4_000);
    const both = await warningsTo(email);
    expect(both).toHaveLength(2);
    expect(both[1]?.text).toContain(
      'You have used $80.00 of your wager limit of $100.00 per 7 days.',
    );
  });

  it('a deposit limit through the cashier: the deposit that reaches 80 % sends it', async () => {
    const player: SignedInPlayer = await createPlayer(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      headers: bearer(player.accessToken),
      payload: { kind: 'deposit', period: 'month', amount: '100.00' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const token = await cardToken(t, player, cards.approved);
    const first = await deposit(t, player, { amount: '79.50', payment_method: token });
    expect(first.statusCode, first.body).toBe(201);
    expect(await warningsTo(player.email)).toHaveLength(0);
    const second = await deposit(t, player, { amount: '0.50', payment_method: token });
    expect(second.statusCode, second.body).toBe(201);
    const sent = await warningsTo(player.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(
      'You have used $80.00 of your deposit limit of $100.00 per 30 days.',
    );
    // The page says the same, for the toast.
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/responsible-gaming',
      headers: bearer(player.accessToken),
    });
    expect(page.json<RgStatusResponse>().warnings).toEqual([{ kind: 'deposit', period: 'month' }]);
  });
});
