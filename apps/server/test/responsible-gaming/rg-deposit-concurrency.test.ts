import { randomUUID } from 'node:crypto';
import type { Payment } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPlayer, errorOf } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  cardToken,
  cards,
  deposit,
  sandboxOf,
} from '../payments/payments-helpers';

/**
 * Issue 29: the deposit-limit check and the insert of the payment row are one transaction
 * under the player's rg_players row lock (decision 082), so deposits sent at once are judged
 * one after the other and never pass a limit together. On PostgreSQL (TEST_DATABASE_URL) the
 * app's pool runs them on several connections; on PGlite they interleave between statements.
 */
describe('deposits at once against a deposit limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildCashierApp({ env: { DEPOSIT_MIN: '0.50' } });
  });
  afterAll(async () => t.close());

  const setLimit = (accessToken: string, amount: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      headers: bearer(accessToken),
      payload: { kind: 'deposit', period: 'day', amount },
    });

  it('20 card deposits of 1.50 against a limit of 10.00: at most 10.00 accepted', async () => {
    const player = await createPlayer(t);
    expect((await setLimit(player.accessToken, '10.00')).statusCode).toBe(200);
    const token = await cardToken(t, player, cards.approved);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        deposit(t, player, { amount: '1.50', payment_method: token }),
      ),
    );
    const accepted = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 422);
    expect(accepted.length + refused.length, answers.map((r) => r.body).join('\n')).toBe(20);
    for (const res of refused) expect(errorOf(res).code).toBe('RG_DEPOSIT_LIMIT');
    // 6 × 1.50 = 9.00 fits; a seventh would make 10.50.
    expect(accepted).toHaveLength(6);
    const sum = accepted.reduce((total, res) => total + Number(res.json<Payment>().amount), 0);
    expect(sum).toBeLessThanOrEqual(10);
    await sandboxOf(t).webhooks.settle();
    expect(await balanceOf(t, player)).toBe('9.00');
    const rows = await t.db.query.payments.findMany({
      where: (p, { eq }) => eq(p.userId, player.id),
    });
    expect(rows).toHaveLength(6);
  });

  it('the same key sent 10 times at once is one deposit, never a limit refusal', async () => {
    const player = await createPlayer(t);
    await setLimit(player.accessToken, '10.00');
    const token = await cardToken(t, player, cards.approved);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        deposit(t, player, { amount: '6.00', payment_method: token, idempotency_key: key }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((res) => res.json<Payment>().id)).size).toBe(1);
  });

  it('a pending crypto invoice shows no address once a lowered limit is used up', async () => {
    const player = await createPlayer(t);
    const key = randomUUID();
    const crypto = (amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/crypto/deposits',
        headers: bearer(player.accessToken),
        payload: { amount, net: 'ETH', idempotency_key: key },
      });
    const first = await crypto('20.00');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Payment>().crypto?.address).toBeTruthy();
    // Repeated while the limit allows it: the same invoice, address and all.
    await setLimit(player.accessToken, '20.00');
    const again = await crypto('20.00');
    expect(again.statusCode).toBe(200);
    expect(again.json<Payment>().crypto?.address).toBe(first.json<Payment>().crypto?.address);
    // Lowering applies at once: the invoice (20.00) is now over the limit (15.00).
    await setLimit(player.accessToken, '15.00');
    const refused = await crypto('20.00');
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: 'RG_DEPOSIT_LIMIT',
      message: 'This deposit is over your deposit limit: $15.00 is still available.',
    });
    expect(refused.body).not.toContain('address');
  });
});
