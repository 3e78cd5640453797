import { randomUUID } from 'node:crypto';
import type { IdentityResponse, Payment } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../helpers/ledger';
import { bearer, createPlayer, errorOf, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  fundedByCard,
  getPayment,
  operator,
  sandboxOf,
} from '../payments/payments-helpers';
import { identityOf, review, submitBoth } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp({
    env: { KYC_WITHDRAWAL_THRESHOLD: '150.00', WITHDRAWAL_MAX: '5000.00' },
  });
});
afterAll(async () => {
  await t.close();
});

/** Straight to the route: the payments helper's withdraw() marks the player verified. */
const withdraw = (player: SignedInPlayer, amount: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/card/withdrawals',
    headers: bearer(player.accessToken),
    payload: { idempotency_key: randomUUID(), amount, payment_method: token },
  });

/** Approved by the operator and paid out by the card service. */
async function payOut(player: SignedInPlayer, id: string) {
  const approved = await operator(t, id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  const payout = sandboxOf(t)
    .webhooks.list()
    .find(
      (r) =>
        r.event.type === 'payout.created' &&
        (r.event.data.object.metadata as Record<string, string>).payment_id === id,
    );
  sandboxOf(t).settlePayout(String(payout?.event.data.object.id), 'paid');
  await sandboxOf(t).webhooks.settle();
  expect((await getPayment(t, player, id)).json<Payment>().status).toBe('paid');
}

describe('withdrawals need a verified identity', () => {
  it('the first withdrawal, whatever the amount, is refused until the identity is verified', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    const refused = await withdraw(player, '20.00', token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'IDENTITY_VERIFICATION_REQUIRED',
      message:
        'Your first withdrawal needs a verified identity: upload your documents on the verification page first.',
    });
    // Nothing moved, nothing was recorded.
    expect(await balanceOf(t, player)).toBe('100.00');

    // Pending documents are not enough.
    await submitBoth(t, player);
    expect((await withdraw(player, '20.00', token)).statusCode).toBe(403);

    expect((await review(t, player.id, 'verify')).statusCode).toBe(200);
    expect((await identityOf(t, player)).withdrawal).toEqual({
      first_needs_verification: false,
      threshold: '150.00',
    });
    const accepted = await withdraw(player, '20.00', token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<Payment>().status).toBe('pending');
    expect(await balanceOf(t, player)).toBe('80.00');
    await expectLedgerClean(t.db);
  });

  it('above KYC_WITHDRAWAL_THRESHOLD a verified identity is needed even after a paid withdrawal', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '400.00');
    // Verified for the first withdrawal, then (as an operator might) the check is reopened
    // by a rejection after new documents: the player is no longer verified.
    await submitBoth(t, player);
    await review(t, player.id, 'verify');
    const first = await withdraw(player, '30.00', token);
    expect(first.statusCode, first.body).toBe(201);
    await payOut(player, first.json<Payment>().id);
    await t.db.execute(
      `update identity_checks set status = 'rejected', reject_reason = 'expired passport' where user_id = '${player.id}'`,
    );
    const view = await identityOf(t, player);
    expect(view).toMatchObject<Partial<IdentityResponse>>({
      status: 'rejected',
      reason: 'expired passport',
    });

    // At the threshold: allowed (no longer the first withdrawal).
    const atThreshold = await withdraw(player, '150.00', token);
    expect(atThreshold.statusCode, atThreshold.body).toBe(201);
    // One cent above it: refused.
    const over = await withdraw(player, '150.01', token);
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toMatchObject({
      code: 'IDENTITY_VERIFICATION_REQUIRED',
      message:
        'Withdrawals above $150.00 need a verified identity: upload your documents on the verification page first.',
    });
    await expectLedgerClean(t.db);
  });

  it('a repeat of an accepted withdrawal is answered as before, even if the rule changed since', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    await submitBoth(t, player);
    await review(t, player.id, 'verify');
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/card/withdrawals',
        headers: bearer(player.accessToken),
        payload: { idempotency_key: key, amount: '25.00', payment_method: token },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    await t.db.execute(
      `update identity_checks set status = 'rejected' where user_id = '${player.id}'`,
    );
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json<Payment>().id).toBe(first.json<Payment>().id);
  });
});
