import { randomUUID } from 'node:crypto';
import type { Payment, WalletTransaction, WalletTransactionsResponse } from '@casino/contracts';
import type { CryptoSandbox } from '@casino/payments-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPlayer, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { txId } from '../helpers/wallets';
import {
  buildCashierApp,
  cards,
  fundedByCard,
  operator,
  withdraw,
} from '../payments/payments-helpers';

/**
 * Issue 25: the statement names what each of the player's own movements was (a card deposit
 * ••4242, a crypto deposit on ETH, a card withdrawal, bonus ORBITA5); only a staff adjustment
 * is the operator's. Real payments and a real promo code, through the API.
 */
let t: TestApp;
let sandbox: CryptoSandbox;

beforeAll(async () => {
  t = await buildCashierApp({ env: { CRYPTO_SANDBOX_CONFIRMATIONS: '1' } });
  await t.app.ready();
  sandbox = t.app.payments.cryptoSandbox!;
});
afterAll(async () => {
  await t.close();
});

const post = (player: SignedInPlayer, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(player.accessToken), payload });

async function statement(player: SignedInPlayer): Promise<WalletTransaction[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/wallet/transactions',
    headers: bearer(player.accessToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WalletTransactionsResponse>().data;
}

async function cryptoDeposit(player: SignedInPlayer, amount: string, net: string) {
  const res = await post(player, '/api/payments/crypto/deposits', {
    idempotency_key: randomUUID(),
    amount,
    net,
  });
  expect(res.statusCode, res.body).toBe(201);
  const payment = res.json<Payment>();
  sandbox.sendCoins(
    payment.crypto?.test_wallet_url?.split('/').at(-1) ?? '',
    payment.crypto?.pay_amount ?? '',
  );
  sandbox.mine(1);
  await sandbox.ipns.settle();
}

describe('what each row of the statement was', () => {
  it('names card and crypto deposits, a card withdrawal and its return, by last four and network', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '100.00');
    await cryptoDeposit(player, '30.00', 'ETH');
    const out = await withdraw(t, player, { amount: '40.00', payment_method: token });
    expect(out.statusCode, out.body).toBe(201);
    expect((await operator(t, out.json<Payment>().id, 'reject')).statusCode).toBe(200);

    const rows = await statement(player);
    expect(rows.map((row) => [row.kind, row.provider, row.payment, row.bonus])).toEqual([
      [
        'withdrawal_reversal',
        null,
        { method: 'card', card: { brand: 'visa', last4: '4242' }, network: null },
        null,
      ],
      [
        'withdrawal',
        null,
        { method: 'card', card: { brand: 'visa', last4: '4242' }, network: null },
        null,
      ],
      ['deposit', null, { method: 'crypto', card: null, network: 'ETH' }, null],
      [
        'deposit',
        null,
        { method: 'card', card: { brand: 'visa', last4: '4242' }, network: null },
        null,
      ],
    ]);
    // Never more of the card than its last four digits.
    const body = JSON.stringify(rows);
    expect(body).not.toContain(cards.approved.replaceAll(' ', ''));
    expect(body).not.toContain('424242');
  });

  it('names a bonus by its promo code and offer; a staff adjustment has neither', async () => {
    const player = await createPlayer(t);
    await t.app.wallet.postAdjustment({
      userId: player.id,
      amount: 10_000n,
      reason: 'goodwill',
      idempotencyKey: txId('staff'),
      actor: 'test',
    });
    const promo = await post(player, '/api/bonus/promo', { code: 'orbita5' });
    expect(promo.statusCode, promo.body).toBe(201);

    const [bonus, adjustment] = await statement(player);
    expect(bonus).toMatchObject({ kind: 'bonus', provider: null, payment: null });
    expect(bonus?.bonus?.code).toBe('ORBITA5');
    expect(bonus?.bonus?.title.en).toBeTruthy();
    expect(bonus?.bonus?.title.ru).toBeTruthy();
    expect(adjustment).toMatchObject({
      kind: 'adjustment',
      provider: null,
      payment: null,
      bonus: null,
    });
  });
});
