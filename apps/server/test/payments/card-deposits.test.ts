import type { Payment } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, errorOf } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  cardToken,
  cards,
  deposit,
  getPayment,
  sandboxOf,
  tokenize,
} from './payments-helpers';
import { expectLedgerClean } from '../helpers/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp({ env: { DEPOSIT_MIN: '10.00', DEPOSIT_MAX: '1000.00' } });
});
afterAll(async () => {
  await t.close();
});

describe('card deposits', () => {
  it('an approved card credits the balance once, with the brand and last four only', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.approved);
    const res = await deposit(t, player, { amount: '100.00', payment_method: token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Payment>()).toMatchObject({
      direction: 'deposit',
      method: 'card',
      status: 'succeeded',
      display_status: 'confirmed',
      amount: '100.00',
      currency: 'USD',
      card: { brand: 'visa', last4: '4242' },
      failure: null,
      cancelable: false,
    });
    // The webhook for the same charge arrives too: still credited once.
    await sandboxOf(t).webhooks.settle();
    expect(sandboxOf(t).webhooks.pending()).toEqual([]);
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });

  it('a declined card moves nothing and says why', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.declined);
    const res = await deposit(t, player, { amount: '50.00', payment_method: token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Payment>()).toMatchObject({
      status: 'failed',
      display_status: 'canceled',
      card: { brand: 'visa', last4: '0002' },
      failure: { code: 'card_declined', message: 'The card was declined.' },
    });
    await sandboxOf(t).webhooks.settle();
    expect(await balanceOf(t, player)).toBe('0.00');
  });

  it('a card with insufficient funds moves nothing and says so', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.insufficientFunds);
    const res = await deposit(t, player, { amount: '50.00', payment_method: token });
    expect(res.json<Payment>()).toMatchObject({
      status: 'failed',
      failure: { code: 'insufficient_funds', message: 'The card has insufficient funds.' },
    });
    await sandboxOf(t).webhooks.settle();
    expect(await balanceOf(t, player)).toBe('0.00');
  });

  it('3-D Secure completed: pending with a redirect, credited when the webhook confirms it', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.threeDSecure);
    const res = await deposit(t, player, { amount: '100.00', payment_method: token });
    const payment = res.json<Payment>();
    expect(payment).toMatchObject({ status: 'requires_action', display_status: 'pending' });
    expect(payment.redirect_url).toMatch(/^\/sandbox\/card\/3ds\/pi_/);
    await sandboxOf(t).webhooks.settle();
    expect(await balanceOf(t, player)).toBe('0.00');

    // The player's browser: the issuer's page, then its "Complete" button.
    const page = await t.app.inject({ method: 'GET', url: payment.redirect_url ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('100.00 USD');
    const done = await t.app.inject({
      method: 'POST',
      url: `${payment.redirect_url ?? ''}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `/profile/balance/credit?payment=${payment.id}&payment_intent=${payment.redirect_url?.split('/').at(-1)}`,
    );
    await sandboxOf(t).webhooks.settle();
    const after = await getPayment(t, player, payment.id);
    expect(after.json<Payment>()).toMatchObject({
      status: 'succeeded',
      display_status: 'confirmed',
      redirect_url: null,
    });
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });

  it('3-D Secure cancelled: failed, nothing credited', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.threeDSecure);
    const payment = (
      await deposit(t, player, { amount: '25.00', payment_method: token })
    ).json<Payment>();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${payment.redirect_url ?? ''}/fail`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancelled.statusCode).toBe(303);
    await sandboxOf(t).webhooks.settle();
    expect((await getPayment(t, player, payment.id)).json<Payment>()).toMatchObject({
      status: 'failed',
      display_status: 'canceled',
      failure: { code: 'authentication_failed' },
    });
    expect(await balanceOf(t, player)).toBe('0.00');
  });

  it('the same idempotency key twice (a double click) is one payment and one credit', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.approved);
    const key = 'double-click-0001';
    const [a, b] = await Promise.all([
      deposit(t, player, { amount: '30.00', payment_method: token, idempotency_key: key }),
      deposit(t, player, { amount: '30.00', payment_method: token, idempotency_key: key }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<Payment>().id).toBe(b.json<Payment>().id);
    const again = await deposit(t, player, {
      amount: '30.00',
      payment_method: token,
      idempotency_key: key,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Payment>()).toMatchObject({ id: a.json<Payment>().id, status: 'succeeded' });
    await sandboxOf(t).webhooks.settle();
    expect(await balanceOf(t, player)).toBe('30.00');
    const other = await deposit(t, player, {
      amount: '31.00',
      payment_method: token,
      idempotency_key: key,
    });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_CONFLICT');
    await expectLedgerClean(t.db);
  });

  it('stopped between the credit and the row: the repeat finishes the row, credited once', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.approved);
    const key = 'stopped-after-credit-0001';
    const first = await deposit(t, player, {
      amount: '100.00',
      payment_method: token,
      idempotency_key: key,
    });
    expect(first.json<Payment>().status).toBe('succeeded');
    await sandboxOf(t).webhooks.settle();
    // What a process killed (or a database lost) after the posting and before the row's
    // update leaves: the money credited, the row still "pending", no webhook to come.
    await t.db.execute(
      sql`update payments set status = 'pending', ledger_entry_id = null where id = ${first.json<Payment>().id}`,
    );
    const again = await deposit(t, player, {
      amount: '100.00',
      payment_method: token,
      idempotency_key: key,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Payment>()).toMatchObject({
      id: first.json<Payment>().id,
      status: 'succeeded',
      display_status: 'confirmed',
    });
    expect(await balanceOf(t, player)).toBe('100.00');
    const { rows } = await t.db.execute<{ n: number; linked: number }>(
      sql`select count(*)::int as n,
            count(*) filter (where e.id = p.ledger_entry_id)::int as linked
          from ledger_entries e join payments p on e.provider_tx_id = p.id::text
          where p.id = ${first.json<Payment>().id} and e.operation = 'deposit'`,
    );
    expect(rows[0]).toEqual({ n: 1, linked: 1 });
    await expectLedgerClean(t.db);
  });

  it('limits and bad input: clear field errors, nothing stored or moved', async () => {
    const player = await createPlayer(t);
    const token = await cardToken(t, player, cards.approved);
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: '9.99' }, 'amount', 'The smallest deposit is $10.00.'],
      [{ amount: '1000.01' }, 'amount', 'The largest deposit is $1000.00.'],
      [{ amount: '10.005' }, 'amount', 'Enter an amount in dollars with at most two decimals'],
      [{ amount: '-10' }, 'amount', 'Enter an amount in dollars with at most two decimals'],
      // The amount rule is exact: no spaces around it (issue 25).
      [{ amount: ' 10.00' }, 'amount', 'Enter an amount in dollars with at most two decimals'],
      [{ amount: '10.00 ' }, 'amount', 'Enter an amount in dollars with at most two decimals'],
      [{ amount: '' }, 'amount', 'Sum is required'],
      [{ payment_method: '4242424242424242' }, 'payment_method', 'Card is required'],
      [
        { payment_method: 'pm_unknown' },
        'payment_method',
        'Unknown card: enter the card details again.',
      ],
    ];
    for (const [override, path, message] of cases) {
      const res = await deposit(t, player, { amount: '10.00', payment_method: token, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(errorOf(res).fields).toEqual([{ path, message }]);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/payments',
      headers: { authorization: `Bearer ${player.accessToken}` },
    });
    expect(list.json<{ data: Payment[] }>().data).toEqual([]);
    expect(await balanceOf(t, player)).toBe('0.00');
  });

  it('the sandbox refuses a Luhn-invalid number at tokenisation', async () => {
    const player = await createPlayer(t);
    const res = await tokenize(t, player, '4242 4242 4242 4241');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: { code: 'incorrect_number', param: 'card[number]' },
    });
  });
});
