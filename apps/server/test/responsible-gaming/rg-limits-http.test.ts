import { randomUUID } from 'node:crypto';
import type { Payment, RgOperatorPlayerResponse, RgStatusResponse } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import { bearer, createPlayer, errorOf, signIn, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  cardToken,
  cards,
  deposit,
  operatorToken,
} from '../payments/payments-helpers';

/**
 * Limits through the API (decision 070): adding and lowering apply at once; raising and
 * removing wait 24 hours and a second confirmation, on a clock the test moves; staff may
 * only add or lower; every change recorded; the deposit limit refuses a deposit before the
 * payment service hears of it, saying how much is still available.
 */
const hour = 3_600_000;

describe('responsible-gaming limits', () => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-05-04T09:00:00.000Z'));

  beforeAll(async () => {
    t = await buildCashierApp({ clock, env: { DEPOSIT_MIN: '0.50' } });
  });
  afterAll(async () => t.close());

  const status = async (p: SignedInPlayer) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/responsible-gaming',
      headers: bearer(p.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RgStatusResponse>();
  };
  const setLimit = (p: SignedInPlayer, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      headers: bearer(p.accessToken),
      payload,
    });
  const confirm = (p: SignedInPlayer, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/limits/confirm',
      headers: bearer(p.accessToken),
      payload,
    });

  it('a raise waits 24 hours and a second confirmation; the old limit holds meanwhile', async () => {
    let player = await createPlayer(t);
    const key = { kind: 'loss', period: 'week' };
    expect((await setLimit(player, { ...key, amount: '50.00' })).statusCode).toBe(200);
    const raised = await setLimit(player, { ...key, amount: '80.00' });
    const limit = raised.json<RgStatusResponse>().limits[0];
    expect(limit?.amount).toBe('50.00');
    const asked = clock.now().getTime();
    expect(limit?.pending).toEqual({
      amount: '80.00',
      confirmable_at: new Date(asked + 24 * hour).toISOString(),
    });

    clock.advance(23 * hour + 59 * 60_000);
    player = await signIn(t, player);
    const early = await confirm(player, key);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('RG_TOO_EARLY');
    expect((await status(player)).limits[0]?.amount).toBe('50.00');

    clock.advance(60_000);
    const done = await confirm(player, key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<RgStatusResponse>().limits[0]).toMatchObject({
      amount: '80.00',
      pending: null,
    });
  });

  it('lowering applies at once and drops a pending raise; a removal waits too', async () => {
    const player = await createPlayer(t);
    const key = { kind: 'wager', period: 'day' };
    await setLimit(player, { ...key, amount: '100.00' });
    await setLimit(player, { ...key, amount: '150.00' });
    const lowered = (await setLimit(player, { ...key, amount: '40.00' })).json<RgStatusResponse>();
    expect(lowered.limits[0]).toMatchObject({ amount: '40.00', pending: null });
    const removal = (await setLimit(player, { ...key, amount: null })).json<RgStatusResponse>();
    expect(removal.limits[0]).toMatchObject({ amount: '40.00', pending: { amount: null } });
    const nothing = await confirm(player, { kind: 'deposit', period: 'day' });
    expect(errorOf(nothing).code).toBe('RG_NOTHING_PENDING');
  });

  it('a deposit over the limit is refused before the payment service, with what is left', async () => {
    const player = await createPlayer(t);
    await setLimit(player, { kind: 'deposit', period: 'day', amount: '150.00' });
    await setLimit(player, { kind: 'deposit', period: 'month', amount: '100.00' });
    const token = await cardToken(t, player, cards.approved);
    // The lowest applicable limit (30 days: 100.00) wins.
    const first = await deposit(t, player, { amount: '99.50', payment_method: token });
    expect(first.statusCode, first.body).toBe(201);
    const over = await deposit(t, player, { amount: '0.51', payment_method: token });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toMatchObject({
      code: 'RG_DEPOSIT_LIMIT',
      message: 'This deposit is over your deposit limit: $0.50 is still available.',
      fields: [{ path: 'amount', message: '0.50' }],
    });
    // Nothing moved and no payment was started for the refused one.
    expect(await balanceOf(t, player)).toBe('99.50');
    const rows = await t.db.query.payments.findMany({
      where: (p, { eq }) => eq(p.userId, player.id),
    });
    expect(rows).toHaveLength(1);
    const exact = await deposit(t, player, { amount: '0.50', payment_method: token });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(await balanceOf(t, player)).toBe('100.00');
  });

  it('a crypto deposit is refused the same way: no address once the limit is reached', async () => {
    const player = await createPlayer(t);
    await setLimit(player, { kind: 'deposit', period: 'day', amount: '20.00' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/deposits',
      headers: bearer(player.accessToken),
      payload: { amount: '20.01', net: 'ETH', idempotency_key: randomUUID() },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('RG_DEPOSIT_LIMIT');
    expect(res.body).not.toContain('address');
  });

  it('a pending invoice keeps its address only while the limit leaves room for it', async () => {
    const player = await createPlayer(t);
    await setLimit(player, { kind: 'deposit', period: 'day', amount: '50.00' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/deposits',
      headers: bearer(player.accessToken),
      payload: { amount: '30.00', net: 'ETH', idempotency_key: randomUUID() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Payment>().id;
    const seen = async () => {
      const one = await t.app.inject({
        method: 'GET',
        url: `/api/payments/${id}`,
        headers: bearer(player.accessToken),
      });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/payments',
        headers: bearer(player.accessToken),
      });
      expect(one.statusCode, one.body).toBe(200);
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json<{ data: Payment[] }>().data.find((p) => p.id === id);
      expect(listed?.status).toBe('pending');
      return [one.json<Payment>().crypto?.address, listed?.crypto?.address];
    };
    const [before, beforeListed] = await seen();
    expect(before).toMatch(/^0x[0-9a-f]{40}$/);
    expect(beforeListed).toBe(before);
    // Lowered under the invoice's $30.00 (applies at once): the address is no longer shown.
    await setLimit(player, { kind: 'deposit', period: 'day', amount: '29.99' });
    expect(await seen()).toEqual([undefined, undefined]);
    const text = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${id}`,
      headers: bearer(player.accessToken),
    });
    expect(text.body).not.toContain(before);
  });

  it('staff add or lower a limit with a reason, never raise one; every change is recorded', async () => {
    const player = await createPlayer(t);
    await setLimit(player, { kind: 'loss', period: 'day', amount: '30.00' });
    const staff = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/operator/responsible-gaming/players/${player.id}/limits`,
        headers: { authorization: `Bearer ${operatorToken}` },
        payload,
      });
    const raise = await staff({
      kind: 'loss',
      period: 'day',
      amount: '60.00',
      reason: 'asked by phone',
      actor: 'anna',
    });
    expect(raise.statusCode).toBe(409);
    expect(errorOf(raise).code).toBe('RG_NOT_ALLOWED');
    const lower = await staff({
      kind: 'loss',
      period: 'day',
      amount: '10.00',
      reason: 'affordability review',
      actor: 'anna',
    });
    expect(lower.statusCode, lower.body).toBe(200);
    const view = lower.json<RgOperatorPlayerResponse>();
    expect(view.status.limits[0]).toMatchObject({ amount: '10.00', set_by: 'staff' });
    expect(view.history[0]).toMatchObject({
      action: 'limit_lowered',
      actor: 'staff:operator-api',
      reason: 'affordability review',
      old_value: { kind: 'loss', period: 'day', amount: '30000' },
      new_value: { kind: 'loss', period: 'day', amount: '10000' },
    });
    expect(view.history[1]).toMatchObject({ action: 'limit_set', actor: 'player' });
  });
});

describe('operator defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildCashierApp({ env: { RG_DEFAULT_DEPOSIT_LIMIT_DAY: '500.00' } });
  });
  afterAll(async () => t.close());

  it('a new player has the default deposit limit, may lower it at once, raise it only later', async () => {
    const player = await createPlayer(t);
    const put = (amount: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/responsible-gaming/limits',
        headers: bearer(player.accessToken),
        payload: { kind: 'deposit', period: 'day', amount },
      });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/responsible-gaming',
      headers: bearer(player.accessToken),
    });
    expect(first.json<RgStatusResponse>().limits).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        period: 'day',
        amount: '500.00',
        set_by: 'default',
      }),
    ]);
    const raised = (await put('900.00')).json<RgStatusResponse>();
    expect(raised.limits[0]).toMatchObject({ amount: '500.00', pending: { amount: '900.00' } });
    const lowered = (await put('200.00')).json<RgStatusResponse>();
    expect(lowered.limits[0]).toMatchObject({ amount: '200.00', pending: null, set_by: 'player' });
  });
});
