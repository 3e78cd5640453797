import { randomUUID } from 'node:crypto';
import type { Payment } from '@casino/contracts';
import type { CardSandbox } from '@casino/payments-sandbox';
import { expect } from 'vitest';
import { markIdentityVerified } from '../helpers/identity';
import { bearer, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp, type TestAppOverrides } from '../helpers/test-app';

export const operatorToken = 'operator-token-0123456789abcdefghijklmnop';

/** The app with the card sandbox embedded (the default) and the operator API on. */
export function buildCashierApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  return buildTestApp({
    ...overrides,
    env: { OPERATOR_API_TOKEN: operatorToken, ...overrides.env },
  });
}

export function sandboxOf(t: TestApp): CardSandbox {
  const sandbox = t.app.payments.cardSandbox;
  if (!sandbox) throw new Error('no card sandbox');
  return sandbox;
}

export const cards = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0025 0000 3155',
};

/** As the browser does: the card goes to the sandbox's tokenisation endpoint, not our API. */
export async function tokenize(t: TestApp, player: SignedInPlayer, number: string, cvc = '123') {
  const config = await t.app.inject({
    method: 'GET',
    url: '/api/payments/config',
    headers: bearer(player.accessToken),
  });
  const card = config.json<{ card: { tokenize_url: string; publishable_key: string } }>().card;
  const res = await t.app.inject({
    method: 'POST',
    url: card.tokenize_url,
    headers: { authorization: `Bearer ${card.publishable_key}` },
    payload: { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc } },
  });
  return res;
}

export async function cardToken(t: TestApp, player: SignedInPlayer, number: string) {
  const res = await tokenize(t, player, number);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

export function deposit(
  t: TestApp,
  player: SignedInPlayer,
  body: { amount: string; payment_method: string; idempotency_key?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/card/deposits',
    headers: bearer(player.accessToken),
    payload: { idempotency_key: randomUUID(), ...body },
  });
}

/**
 * A card withdrawal of a player whose identity is verified (marked so first: the identity
 * gate itself is tested in test/identity/identity-withdrawal-gate.test.ts).
 */
export async function withdraw(
  t: TestApp,
  player: SignedInPlayer,
  body: { amount: string; payment_method: string; idempotency_key?: string },
) {
  await markIdentityVerified(t.db, player.id);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/card/withdrawals',
    headers: bearer(player.accessToken),
    payload: { idempotency_key: randomUUID(), ...body },
  });
}

export function getPayment(t: TestApp, player: SignedInPlayer, id: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/payments/${id}`,
    headers: bearer(player.accessToken),
  });
}

export function operator(t: TestApp, id: string, action: 'approve' | 'reject', body = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/operator/payments/withdrawals/${id}/${action}`,
    headers: { authorization: `Bearer ${operatorToken}` },
    payload: body,
  });
}

export async function balanceOf(t: TestApp, player: SignedInPlayer): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: bearer(player.accessToken),
  });
  return res.json<{ balance: string }>().balance;
}

/** A player funded by an approved card deposit, with the card's token. */
export async function fundedByCard(t: TestApp, player: SignedInPlayer, amount: string) {
  const token = await cardToken(t, player, cards.approved);
  const res = await deposit(t, player, { amount, payment_method: token });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json<Payment>().status).toBe('succeeded');
  await sandboxOf(t).webhooks.settle();
  return token;
}
