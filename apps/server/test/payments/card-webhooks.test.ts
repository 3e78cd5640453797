import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Payment } from '@casino/contracts';
import { createCardSandbox, signatureHeader } from '@casino/payments-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/features/payments/card/webhook-signature';
import { createPlayer, errorOf, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  cardToken,
  cards,
  deposit,
  getPayment,
  sandboxOf,
} from './payments-helpers';
import { expectLedgerClean } from '../helpers/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp();
});
afterAll(async () => {
  await t.close();
});

const webhookUrl = '/api/payments/webhooks/card';
const secret = () =>
  (
    JSON.parse(readFileSync(join(t.config.dataDir, 'payments.json'), 'utf8')) as {
      webhookSecret: string;
    }
  ).webhookSecret;

function post(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: webhookUrl,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'sandbox-signature': signature } : {}),
    },
    payload: body,
  });
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A 3-D Secure deposit left waiting, and the events the sandbox sent about it so far. */
async function waitingDeposit(player: SignedInPlayer, amount = '80.00') {
  const token = await cardToken(t, player, cards.threeDSecure);
  const payment = (await deposit(t, player, { amount, payment_method: token })).json<Payment>();
  await sandboxOf(t).webhooks.settle();
  return payment;
}
function eventsOf(paymentId: string) {
  return sandboxOf(t)
    .webhooks.list()
    .map((r) => r.event)
    .filter((e) => (e.data.object.metadata as Record<string, string>).payment_id === paymentId);
}

describe('card webhooks', () => {
  it('a repeated delivery (the same bytes, freshly signed) is acknowledged and changes nothing', async () => {
    const player = await createPlayer(t);
    const payment = await waitingDeposit(player);
    await t.app.inject({
      method: 'POST',
      url: `${payment.redirect_url ?? ''}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await sandboxOf(t).webhooks.settle();
    expect(await balanceOf(t, player)).toBe('80.00');
    const succeeded = eventsOf(payment.id).find((e) => e.type === 'payment_intent.succeeded');
    const body = JSON.stringify(succeeded);
    for (let i = 0; i < 3; i++) {
      const res = await post(body, signatureHeader(secret(), body, nowSeconds()));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await balanceOf(t, player)).toBe('80.00');
    await expectLedgerClean(t.db);
  });

  it('out of order: a late "requires_action" after "succeeded" does not move the payment back', async () => {
    const player = await createPlayer(t);
    const payment = await waitingDeposit(player, '45.00');
    const requiresAction = eventsOf(payment.id).find(
      (e) => e.type === 'payment_intent.requires_action',
    );
    await t.app.inject({
      method: 'POST',
      url: `${payment.redirect_url ?? ''}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await sandboxOf(t).webhooks.settle();
    // The same state report again under a new event id, as a service retrying out of order would.
    const late = JSON.stringify({ ...requiresAction, id: 'evt_lateRequiresAction0001' });
    expect((await post(late, signatureHeader(secret(), late, nowSeconds()))).statusCode).toBe(200);
    const failedLate = JSON.stringify({
      ...requiresAction,
      id: 'evt_lateFailure000000000001',
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          ...requiresAction?.data.object,
          status: 'requires_payment_method',
          last_payment_error: { code: 'card_declined' },
        },
      },
    });
    expect(
      (await post(failedLate, signatureHeader(secret(), failedLate, nowSeconds()))).statusCode,
    ).toBe(200);
    expect((await getPayment(t, player, payment.id)).json<Payment>()).toMatchObject({
      status: 'succeeded',
      display_status: 'confirmed',
    });
    expect(await balanceOf(t, player)).toBe('45.00');
    await expectLedgerClean(t.db);
  });

  it('out of order: "succeeded" arriving first credits, and the earlier report after it is ignored', async () => {
    const player = await createPlayer(t);
    const payment = await waitingDeposit(player, '35.00');
    const requiresAction = eventsOf(payment.id).find(
      (e) => e.type === 'payment_intent.requires_action',
    );
    const object = requiresAction?.data.object ?? {};
    const succeeded = JSON.stringify({
      id: 'evt_succeededFirst00000001',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: nowSeconds(),
      data: { object: { ...object, status: 'succeeded', next_action: null } },
    });
    expect(
      (await post(succeeded, signatureHeader(secret(), succeeded, nowSeconds()))).statusCode,
    ).toBe(200);
    expect(await balanceOf(t, player)).toBe('35.00');
    const earlier = JSON.stringify({ ...requiresAction, id: 'evt_earlierArrivesLate0001' });
    expect((await post(earlier, signatureHeader(secret(), earlier, nowSeconds()))).statusCode).toBe(
      200,
    );
    expect((await getPayment(t, player, payment.id)).json<Payment>().status).toBe('succeeded');
    expect(await balanceOf(t, player)).toBe('35.00');
    await expectLedgerClean(t.db);
  });

  it('refuses a bad signature, a wrong secret, a stale timestamp and no signature: 400, nothing moved', async () => {
    const player = await createPlayer(t);
    const payment = await waitingDeposit(player, '60.00');
    const forged = JSON.stringify({
      id: 'evt_forged0000000000000001',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: nowSeconds(),
      data: {
        object: {
          id: 'pi_x',
          amount: 6000,
          currency: 'usd',
          status: 'succeeded',
          metadata: { payment_id: payment.id },
        },
      },
    });
    const good = signatureHeader(secret(), forged, nowSeconds());
    const attempts = [
      good.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`),
      signatureHeader('whsec_not_the_secret', forged, nowSeconds()),
      signatureHeader(secret(), forged, nowSeconds() - 301),
      `t=${nowSeconds()}`,
      undefined,
    ];
    for (const signature of attempts) {
      const res = await post(forged, signature);
      expect(res.statusCode, String(signature)).toBe(400);
      expect(errorOf(res).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    // A correct signature over other bytes (the amount changed after signing).
    const tampered = forged.replace('"amount":6000', '"amount":600000');
    expect((await post(tampered, good)).statusCode).toBe(400);
    expect((await getPayment(t, player, payment.id)).json<Payment>().status).toBe(
      'requires_action',
    );
    expect(await balanceOf(t, player)).toBe('0.00');
  });

  it('a signed event whose amount differs from the payment is acknowledged but credits nothing', async () => {
    const player = await createPlayer(t);
    const payment = await waitingDeposit(player, '60.00');
    const requiresAction = eventsOf(payment.id).find(
      (e) => e.type === 'payment_intent.requires_action',
    );
    const body = JSON.stringify({
      ...requiresAction,
      id: 'evt_otherAmount00000000001',
      type: 'payment_intent.succeeded',
      data: { object: { ...requiresAction?.data.object, status: 'succeeded', amount: 600000 } },
    });
    expect((await post(body, signatureHeader(secret(), body, nowSeconds()))).statusCode).toBe(200);
    expect((await getPayment(t, player, payment.id)).json<Payment>().status).toBe(
      'requires_action',
    );
    expect(await balanceOf(t, player)).toBe('0.00');
  });
});

describe('the sandbox webhook dispatcher', () => {
  it('signs t=…,v1=HMAC-SHA256("t.body") and retries until a 2xx acknowledges it', async () => {
    const received: { status: number; signature: string; body: string }[] = [];
    const answers = [500, 503, 200];
    const sandbox = createCardSandbox({
      publicUrl: '/sandbox/card',
      secretKey: 'sk_test_dispatcher',
      publishableKey: 'pk_test_dispatcher',
      webhookSecret: 'whsec_dispatcher',
      webhookUrl: 'http://merchant.test/webhooks',
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      payoutDelayMs: null,
      send: ({ headers, body }) => {
        const status = answers[received.length] ?? 200;
        received.push({ status, signature: headers['sandbox-signature'] ?? '', body });
        return Promise.resolve({ status });
      },
    });
    try {
      sandbox.webhooks.emit({
        id: 'evt_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        created: nowSeconds(),
        data: { object: { id: 'pi_1' } },
      });
      for (let i = 0; i < 50 && sandbox.webhooks.pending().length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        await sandbox.webhooks.settle();
      }
      expect(received.map((r) => r.status)).toEqual([500, 503, 200]);
      expect(sandbox.webhooks.list()[0]).toMatchObject({ delivered: true, attempts: 3 });
      const last = received[2]!;
      const [, t0, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(last.signature) ?? [];
      expect(v1).toBe(
        createHmac('sha256', 'whsec_dispatcher').update(`${t0}.${last.body}`).digest('hex'),
      );
      expect(() =>
        verifyWebhookSignature(last.body, last.signature, 'whsec_dispatcher', new Date()),
      ).not.toThrow();
    } finally {
      sandbox.close();
    }
  });
});

describe('the documented signature example', () => {
  it('matches docs/protocols/card-sandbox.md', () => {
    expect(signatureHeader('whsec_example', '{"id":"evt_1"}', 1_795_580_000)).toBe(
      't=1795580000,v1=bd66bf2ab84227f41df258bc56033dd69a7402da49813603c67831ecf4ea9a6a',
    );
  });
});
