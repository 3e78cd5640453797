import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Payment } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPlayer, errorOf } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  fundedByCard,
  getPayment,
  operator,
  operatorToken,
  sandboxOf,
  withdraw,
} from './payments-helpers';
import { expectLedgerClean } from '../helpers/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp({ env: { WITHDRAWAL_MIN: '20.00', WITHDRAWAL_MAX: '500.00' } });
});
afterAll(async () => {
  await t.close();
});

const cancel = (player: { accessToken: string }, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/${id}/cancel`,
    headers: bearer(player.accessToken),
  });

describe('card withdrawals', () => {
  it('requested: the money leaves at once and the withdrawal is pending', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const res = await withdraw(t, player, { amount: '40.00', payment_method: token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Payment>()).toMatchObject({
      direction: 'withdrawal',
      status: 'pending',
      display_status: 'pending',
      amount: '40.00',
      card: { brand: 'visa', last4: '4242' },
      cancelable: true,
    });
    expect(await balanceOf(t, player)).toBe('60.00');
    await expectLedgerClean(t.db);
  });

  it('cancelled by the player: the money comes back once, and cancelling again changes nothing', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const id = (
      await withdraw(t, player, { amount: '40.00', payment_method: token })
    ).json<Payment>().id;
    const res = await cancel(player, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({
      status: 'canceled',
      display_status: 'canceled',
      cancelable: false,
    });
    expect(await balanceOf(t, player)).toBe('100.00');
    expect((await cancel(player, id)).statusCode).toBe(200);
    expect(await balanceOf(t, player)).toBe('100.00');
    // The statement: the deposit, the withdrawal and its money back, newest first.
    const statement = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers: bearer(player.accessToken),
    });
    expect(
      statement
        .json<{ data: { kind: string; amount: string; provider: string | null }[] }>()
        .data.map(({ kind, amount, provider }) => ({ kind, amount, provider })),
    ).toEqual([
      { kind: 'withdrawal_reversal', amount: '40.00', provider: null },
      { kind: 'withdrawal', amount: '-40.00', provider: null },
      { kind: 'deposit', amount: '100.00', provider: null },
    ]);
    // Too late for the operator now.
    const approve = await operator(t, id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(errorOf(approve).code).toBe('PAYMENT_NOT_PENDING');
    await expectLedgerClean(t.db);
  });

  it('rejected by the operator: the money comes back', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const id = (
      await withdraw(t, player, { amount: '70.00', payment_method: token })
    ).json<Payment>().id;
    expect(await balanceOf(t, player)).toBe('30.00');
    // The operator finds it among the pending ones (and only with the token).
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/operator/payments/withdrawals?status=pending',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(queue.statusCode).toBe(200);
    expect(
      queue.json<{ data: (Payment & { user_id: string })[] }>().data.find((p) => p.id === id),
    ).toMatchObject({ user_id: player.id, amount: '70.00', status: 'pending' });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/operator/payments/withdrawals',
    });
    expect(anonymous.statusCode).toBe(401);
    const res = await operator(t, id, 'reject', { reason: 'documents missing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ status: 'rejected', display_status: 'canceled' });
    expect(await balanceOf(t, player)).toBe('100.00');
    const late = await cancel(player, id);
    expect(late.statusCode).toBe(409);
    await expectLedgerClean(t.db);
  });

  it('approved and paid: processing, then paid when the payout webhook arrives; no cancel', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const id = (
      await withdraw(t, player, { amount: '40.00', payment_method: token })
    ).json<Payment>().id;
    const approved = await operator(t, id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Payment>()).toMatchObject({
      status: 'processing',
      display_status: 'pending',
      cancelable: false,
    });
    expect((await cancel(player, id)).statusCode).toBe(409);
    // Approving again (an operator's retry) sends no second payout.
    expect((await operator(t, id, 'approve')).json<Payment>().status).toBe('processing');
    const payouts = sandboxOf(t)
      .webhooks.list()
      .filter((r) => r.event.type === 'payout.created');
    const payout = payouts.find(
      (r) => (r.event.data.object.metadata as Record<string, string>).payment_id === id,
    );
    expect(
      payouts.filter(
        (r) => (r.event.data.object.metadata as Record<string, string>).payment_id === id,
      ),
    ).toHaveLength(1);
    sandboxOf(t).settlePayout(String(payout?.event.data.object.id), 'paid');
    await sandboxOf(t).webhooks.settle();
    expect((await getPayment(t, player, id)).json<Payment>()).toMatchObject({
      status: 'paid',
      display_status: 'confirmed',
    });
    expect(await balanceOf(t, player)).toBe('60.00');
    await expectLedgerClean(t.db);
  });

  it('approved but the payout fails: failed, and the money comes back', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const id = (
      await withdraw(t, player, { amount: '40.00', payment_method: token })
    ).json<Payment>().id;
    await operator(t, id, 'approve');
    const payout = sandboxOf(t)
      .webhooks.list()
      .find(
        (r) =>
          r.event.type === 'payout.created' &&
          (r.event.data.object.metadata as Record<string, string>).payment_id === id,
      );
    const failed = await t.app.inject({
      method: 'POST',
      url: `/sandbox/card/v1/test_helpers/payouts/${String(payout?.event.data.object.id)}/fail`,
      headers: { authorization: `Bearer ${sandboxKey()}` },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', failure_code: 'could_not_process' });
    await sandboxOf(t).webhooks.settle();
    expect((await getPayment(t, player, id)).json<Payment>()).toMatchObject({
      status: 'failed',
      display_status: 'canceled',
      failure: { code: 'payout_failed' },
    });
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });

  it('concurrent withdrawals against one balance never take more than it holds', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    // 12 different submissions of 30.00 against 100.00 at once: three fit.
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        withdraw(t, player, { amount: '30.00', payment_method: token }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(errorOf(refused).code).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await balanceOf(t, player)).toBe('10.00');
    // The refused ones left nothing behind.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/payments',
      headers: bearer(player.accessToken),
    });
    expect(
      list.json<{ data: Payment[] }>().data.filter((p) => p.direction === 'withdrawal'),
    ).toHaveLength(3);
    await expectLedgerClean(t.db);
  });

  it('a resubmitted withdrawal (same key, even at once) takes the money once', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const body = { amount: '25.00', payment_method: token, idempotency_key: 'withdraw-twice-1' };
    const [a, b] = await Promise.all([withdraw(t, player, body), withdraw(t, player, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<Payment>().id).toBe(b.json<Payment>().id);
    expect((await withdraw(t, player, body)).json<Payment>()).toMatchObject({
      id: a.json<Payment>().id,
      status: 'pending',
    });
    expect(await balanceOf(t, player)).toBe('75.00');
    await expectLedgerClean(t.db);
  });

  it('limits, an unknown card and a balance too small: field errors, nothing moved', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '50.00');
    const cases: [Record<string, string>, number, string, string][] = [
      [{ amount: '19.99' }, 400, 'amount', 'The smallest withdrawal is $20.00.'],
      [{ amount: '500.01' }, 400, 'amount', 'The largest withdrawal is $500.00.'],
      [{ amount: '50.01' }, 409, 'amount', 'The most you can withdraw is $50.00.'],
      [
        { payment_method: 'pm_neverUsedHere' },
        400,
        'payment_method',
        'Withdrawals go to a card you have deposited with.',
      ],
    ];
    for (const [override, status, path, message] of cases) {
      const res = await withdraw(t, player, {
        amount: '20.00',
        payment_method: token,
        ...override,
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(status);
      expect(errorOf(res).fields).toEqual([{ path, message }]);
    }
    expect(await balanceOf(t, player)).toBe('50.00');
  });

  it('authorisation: player B never sees, cancels or withdraws to A’s payments', async () => {
    const alice = await createPlayer(t);
    const bob = await createPlayer(t);
    const token = await fundedByCard(t, alice, '100.00');
    const id = (
      await withdraw(t, alice, { amount: '40.00', payment_method: token })
    ).json<Payment>().id;
    const seen = await getPayment(t, bob, id);
    expect(seen.statusCode).toBe(404);
    expect(errorOf(seen).code).toBe('PAYMENT_NOT_FOUND');
    expect((await cancel(bob, id)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/payments',
      headers: bearer(bob.accessToken),
    });
    expect(list.json<{ data: Payment[] }>().data).toEqual([]);
    const cardsOfBob = await t.app.inject({
      method: 'GET',
      url: '/api/payments/cards',
      headers: bearer(bob.accessToken),
    });
    expect(cardsOfBob.json()).toEqual({ data: [] });
    const toAlicesCard = await withdraw(t, bob, { amount: '20.00', payment_method: token });
    expect(toAlicesCard.statusCode).toBe(400);
    expect((await getPayment(t, alice, id)).json<Payment>().status).toBe('pending');
    expect(await balanceOf(t, alice)).toBe('60.00');
    // Without a token, and with a player's token on the operator API: refused.
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${id}` })).statusCode).toBe(
      401,
    );
    const asPlayer = await t.app.inject({
      method: 'POST',
      url: `/api/operator/payments/withdrawals/${id}/reject`,
      headers: bearer(alice.accessToken),
      payload: {},
    });
    expect(asPlayer.statusCode).toBe(401);
    expect(operatorToken).not.toBe(alice.accessToken);
  });
});

function sandboxKey(): string {
  // The sandbox's secret key, as the operator's dashboard would show it.
  const file = readFileSync(join(t.config.dataDir, 'payments.json'), 'utf8');
  return (JSON.parse(file) as { secretKey: string }).secretKey;
}
