import { randomBytes } from 'node:crypto';
import type { RgOperatorPlayerResponse } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import { createTestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { bearer, createPlayer, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  buildCashierApp,
  cardToken,
  cards,
  deposit,
  operatorToken,
  withdraw,
} from '../payments/payments-helpers';

/**
 * The operator's flags (decision 070), read where staff read them (players.rg): each raised by
 * the data that should raise it, and not by the same data just below its threshold. The
 * thresholds are configured here (RG_FLAG_*); night-time play is 5 nights with a bet between
 * 00:00 and 06:00 UTC in 30 rolling days.
 */
const hour = 3_600_000;
const day = 24 * hour;
const clock = fixedClock(new Date('2026-09-01T00:30:00.000Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildCashierApp({
    clock,
    env: {
      DEPOSIT_MIN: '0.50',
      RG_FLAG_NET_DEPOSITS_30D: '100.00',
      RG_FLAG_LIMIT_RAISES_30D: '3',
      RG_FLAG_DECLINED_DEPOSITS_30D: '3',
    },
  });
});
afterAll(async () => {
  await expectLedgerClean(t.db);
  await t.close();
});

type Flag = RgOperatorPlayerResponse['flags'][number]['flag'];

async function flagsOf(userId: string): Promise<Flag[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/operator/responsible-gaming/players/${userId}`,
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RgOperatorPlayerResponse>().flags.map((f) => f.flag);
}

const setLimit = (p: SignedInPlayer, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/responsible-gaming/limits',
    headers: bearer(p.accessToken),
    payload: body,
  });

describe('the operator flags', () => {
  it('net deposits: flagged over the configured amount in 30 days, not at it', async () => {
    const player = await createPlayer(t);
    const card = await cardToken(t, player, cards.approved);
    const paid = async (amount: string) => {
      const res = await deposit(t, player, { amount, payment_method: card });
      expect(res.json<{ status: string }>().status, res.body).toBe('succeeded');
    };
    await paid('60.00');
    await paid('40.00');
    // Exactly the threshold (100.00) is not over it.
    expect(await flagsOf(player.id)).toEqual([]);
    await paid('20.50');
    expect(await flagsOf(player.id)).toEqual(['net_deposits']);
    // A withdrawal counts against the deposits: 120.50 − 20.50 is 100.00, no flag.
    const out = await withdraw(t, player, { amount: '20.50', payment_method: card });
    expect(out.statusCode, out.body).toBe(201);
    expect(await flagsOf(player.id)).toEqual([]);
  });

  it('net deposits older than 30 days no longer count', async () => {
    const player = await createPlayer(t);
    const card = await cardToken(t, player, cards.approved);
    const res = await deposit(t, player, { amount: '150.00', payment_method: card });
    expect(res.statusCode, res.body).toBe(201);
    expect(await flagsOf(player.id)).toEqual(['net_deposits']);
    clock.advance(30 * day + hour);
    expect(await flagsOf(player.id)).toEqual([]);
  });

  it('limit raises: flagged at the configured count of raises or removals, not one below', async () => {
    const player = await createPlayer(t);
    for (const kind of ['deposit', 'loss', 'wager']) {
      expect((await setLimit(player, { kind, period: 'day', amount: '10.00' })).statusCode).toBe(
        200,
      );
    }
    // Setting and lowering are no raises.
    await setLimit(player, { kind: 'loss', period: 'day', amount: '5.00' });
    await setLimit(player, { kind: 'deposit', period: 'day', amount: '20.00' });
    await setLimit(player, { kind: 'loss', period: 'day', amount: '20.00' });
    expect(await flagsOf(player.id)).toEqual([]);
    // The third: a removal counts as a raise.
    await setLimit(player, { kind: 'wager', period: 'day', amount: null });
    expect(await flagsOf(player.id)).toEqual(['many_raises']);
  });

  it('declined deposits: failed ones and those refused by a limit, flagged at the count', async () => {
    const player = await createPlayer(t);
    const declined = await cardToken(t, player, cards.declined);
    for (let i = 0; i < 2; i++) {
      const res = await deposit(t, player, { amount: '5.00', payment_method: declined });
      expect(res.json<{ status: string }>().status, res.body).toBe('failed');
    }
    await setLimit(player, { kind: 'deposit', period: 'day', amount: '10.00' });
    const approved = await cardToken(t, player, cards.approved);
    // A deposit that fits is no decline.
    const fits = await deposit(t, player, { amount: '10.00', payment_method: approved });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await flagsOf(player.id)).toEqual([]);
    const refused = await deposit(t, player, { amount: '0.50', payment_method: approved });
    expect(refused.statusCode).toBe(422);
    expect(await flagsOf(player.id)).toEqual(['declined_deposits']);
  });

  it('night-time play: bets between 00:00 and 06:00 UTC on 5 days, not 4 (06:00 is day)', async () => {
    const player = await createTestPlayer(t.db, clock, 100_000n);
    const bet = () =>
      t.app.wallet.postBet({
        userId: player.id,
        amount: 100n,
        currency: 'USD',
        provider: 'endorphina',
        txId: `rg-night-${randomBytes(6).toString('hex')}`,
      });
    const midnight = new Date(clock.now());
    midnight.setUTCHours(0, 0, 0, 0);
    const at = (days: number, hours: number, minutes = 0) =>
      clock.set(new Date(midnight.getTime() + days * day + hours * hour + minutes * 60_000));
    // Four nights, each bet at 05:59; the fifth day's bet at 06:00, and afternoons.
    for (const d of [1, 2, 3, 4]) {
      at(d, 5, 59);
      await bet();
      at(d, 14);
      await bet();
    }
    at(5, 6);
    await bet();
    at(5, 23, 59);
    await bet();
    expect(await flagsOf(player.id)).toEqual([]);
    at(6, 0);
    await bet();
    expect(await flagsOf(player.id)).toEqual(['night_play']);
  });
});
