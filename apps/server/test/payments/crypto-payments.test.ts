import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Payment } from '@casino/contracts';
import { ipnSignature, type CryptoSandbox } from '@casino/payments-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partialCredit } from '../../src/features/payments/crypto-deposits';
import { fixedClock } from '../../src/lib/clock';
import { markIdentityVerified } from '../helpers/identity';
import { bearer, createPlayer, errorOf, signIn, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { balanceOf, buildCashierApp, getPayment, operatorToken } from './payments-helpers';
import { expectLedgerClean } from '../helpers/ledger';

const clock = fixedClock(new Date());
let t: TestApp;
let sandbox: CryptoSandbox;
beforeAll(async () => {
  t = await buildCashierApp({
    clock,
    env: { CRYPTO_SANDBOX_CONFIRMATIONS: '3', DEPOSIT_MIN: '10.00', DEPOSIT_MAX: '1000.00' },
  });
  await t.app.ready();
  const s = t.app.payments.cryptoSandbox;
  if (!s) throw new Error('no crypto sandbox');
  sandbox = s;
});
afterAll(async () => {
  await t.close();
});

function depositCrypto(player: SignedInPlayer, body: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/crypto/deposits',
    headers: bearer(player.accessToken),
    payload: { idempotency_key: randomUUID(), ...body },
  });
}
async function newDeposit(player: SignedInPlayer, amount: string, net = 'ETH') {
  const res = await depositCrypto(player, { amount, net });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Payment>();
}
const providerRefOf = (p: Payment) => p.crypto?.test_wallet_url?.split('/').at(-1) ?? '';
async function mine(blocks: number) {
  sandbox.mine(blocks);
  await sandbox.ipns.settle();
}
async function statusOf(player: SignedInPlayer, id: string) {
  return (await getPayment(t, player, id)).json<Payment>();
}

describe('crypto deposits', () => {
  it('gives an address and an amount in the coin, and confirms after N blocks', async () => {
    const player = await createPlayer(t);
    const payment = await newDeposit(player, '100.00');
    expect(payment).toMatchObject({
      method: 'crypto',
      status: 'pending',
      display_status: 'pending',
      amount: '100.00',
      crypto: {
        network: 'ETH',
        pay_amount: '0.04000000',
        pay_currency: 'eth',
        actually_paid: '0.00000000',
      },
    });
    expect(payment.crypto?.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(payment.crypto?.test_wallet_url).toMatch(/^\/sandbox\/crypto\/pay\/\d+$/);

    // The player's wallet sends the coins through the sandbox page.
    const sent = await t.app.inject({
      method: 'POST',
      url: `${payment.crypto?.test_wallet_url ?? ''}/send`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=0.04000000',
    });
    expect(sent.statusCode).toBe(303);
    await sandbox.ipns.settle();
    expect(await statusOf(player, payment.id)).toMatchObject({
      status: 'processing',
      display_status: 'pending',
      crypto: { actually_paid: '0.04000000' },
    });
    await mine(2);
    expect((await statusOf(player, payment.id)).status).toBe('processing');
    expect(await balanceOf(t, player)).toBe('0.00');
    await mine(1);
    expect(await statusOf(player, payment.id)).toMatchObject({
      status: 'succeeded',
      display_status: 'confirmed',
    });
    expect(await balanceOf(t, player)).toBe('100.00');
    await mine(5);
    expect(await balanceOf(t, player)).toBe('100.00');
    await expectLedgerClean(t.db);
  });

  it('each network has its own address shape and coin amount', async () => {
    const player = await createPlayer(t);
    const bnc = await newDeposit(player, '60.00', 'BNC');
    expect(bnc.crypto).toMatchObject({
      network: 'BNC',
      pay_currency: 'bnbbsc',
      pay_amount: '0.10000000',
    });
    const trc = await newDeposit(player, '25.50', 'TRC');
    expect(trc.crypto).toMatchObject({
      network: 'TRC',
      pay_currency: 'usdttrc20',
      pay_amount: '25.50000000',
    });
    expect(trc.crypto?.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const byDefault = (await depositCrypto(player, { amount: '10.00' })).json<Payment>();
    expect(byDefault.crypto?.network).toBe('ETH');
  });

  it('a partial payment credits what arrived, floored to the cent', async () => {
    const player = await createPlayer(t);
    const payment = await newDeposit(player, '100.00', 'TRC');
    sandbox.sendCoins(providerRefOf(payment), '33.333');
    await mine(3);
    expect(await statusOf(player, payment.id)).toMatchObject({
      status: 'partially_paid',
      display_status: 'confirmed',
      failure: { code: 'partially_paid' },
      crypto: { actually_paid: '33.33300000' },
    });
    expect(await balanceOf(t, player)).toBe('33.33');
    expect(partialCredit(100_000n, '0.01333333', '0.04000000')).toBe(33_330n);
    expect(partialCredit(100_000n, '0.05', '0.04')).toBe(100_000n);
    await expectLedgerClean(t.db);
  });

  it('expires when no coins arrive in time; nothing credited, late coins change nothing', async () => {
    const before = await createPlayer(t);
    const payment = await newDeposit(before, '50.00');
    clock.advance(31 * 60_000);
    // Access tokens last 15 minutes: the same player, signed in again.
    const player = await signIn(t, before);
    await mine(1);
    expect(await statusOf(player, payment.id)).toMatchObject({
      status: 'expired',
      display_status: 'canceled',
      failure: { code: 'expired' },
    });
    sandbox.sendCoins(providerRefOf(payment), '0.02');
    await mine(3);
    expect((await statusOf(player, payment.id)).status).toBe('expired');
    expect(await balanceOf(t, player)).toBe('0.00');
  });

  it('IPNs: a repeat changes nothing, "finished" before "confirming" ends right, a bad signature moves nothing', async () => {
    const player = await createPlayer(t);
    const payment = await newDeposit(player, '40.00');
    const ref = providerRefOf(payment);
    const apiKey = keys().cryptoApiKey;
    const read = await t.app.inject({
      method: 'GET',
      url: `/sandbox/crypto/v1/payment/${ref}`,
      headers: { 'x-api-key': apiKey },
    });
    const base = read.json<Record<string, unknown>>();
    const ipn = (status: string, paid: string) => ({
      ...base,
      payment_status: status,
      actually_paid: paid,
    });
    const post = (body: unknown, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/crypto',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-sig': signature ?? ipnSignature(keys().cryptoIpnSecret, body),
        },
        payload: JSON.stringify(body),
      });

    const forged = ipn('finished', '0.01600000');
    const bad = await post(forged, ipnSignature('not-the-secret', forged));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await post(
      { ...forged, price_amount: '4000.00' },
      ipnSignature(keys().cryptoIpnSecret, forged),
    );
    expect(tampered.statusCode).toBe(400);
    expect(await balanceOf(t, player)).toBe('0.00');

    // Out of order: the final report first, then the earlier ones; then repeats.
    for (const body of [
      forged,
      ipn('confirming', '0.01600000'),
      ipn('waiting', '0'),
      forged,
      forged,
    ]) {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await statusOf(player, payment.id)).toMatchObject({
      status: 'succeeded',
      crypto: { actually_paid: '0.01600000' },
    });
    expect(await balanceOf(t, player)).toBe('40.00');
    // A signed report with another amount is acknowledged but applies nothing.
    const other = await post({ ...ipn('partially_paid', '0.001'), price_amount: '400.00' });
    expect(other.statusCode).toBe(200);
    expect(await balanceOf(t, player)).toBe('40.00');
    await expectLedgerClean(t.db);
  });

  it('idempotent submission, limits and authorisation', async () => {
    const alice = await createPlayer(t);
    const bob = await createPlayer(t);
    const body = { amount: '20.00', net: 'TRC', idempotency_key: 'crypto-twice-0001' };
    const [a, b] = await Promise.all([depositCrypto(alice, body), depositCrypto(alice, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<Payment>().crypto?.address).toBe(b.json<Payment>().crypto?.address);
    const other = await depositCrypto(alice, { ...body, net: 'ETH' });
    expect(errorOf(other).code).toBe('IDEMPOTENCY_CONFLICT');
    const low = await depositCrypto(alice, { amount: '9.99' });
    expect(errorOf(low).fields).toEqual([
      { path: 'amount', message: 'The smallest deposit is $10.00.' },
    ]);
    const net = await depositCrypto(alice, { amount: '10.00', net: 'BTC' });
    expect(errorOf(net).fields).toEqual([{ path: 'net', message: 'Choose ETH, BNC or TRC' }]);
    expect((await getPayment(t, bob, a.json<Payment>().id)).statusCode).toBe(404);
  });
});

function keys(): { cryptoApiKey: string; cryptoIpnSecret: string } {
  const file = readFileSync(join(t.config.dataDir, 'payments.json'), 'utf8');
  return JSON.parse(file) as { cryptoApiKey: string; cryptoIpnSecret: string };
}

describe('the documented IPN signature example', () => {
  it('matches docs/protocols/crypto-sandbox.md', () => {
    expect(ipnSignature('ipn-example', { payment_status: 'finished', payment_id: '1' })).toBe(
      'e0c67f142e84d0a50a3929de1760786b8ce861c98d78bff9546a165c3f5f165c17f2a5859caa2d4c0ab3c5b9e5ba401bd175f2dd4e004136420c9605f29a66fb',
    );
  });
});

describe('crypto withdrawals', () => {
  const ethAddress = '0x52908400098527886E0F7030069857D2E4169EE7';
  const deadAddress = '0x000000000000000000000000000000000000dEaD';
  const withdrawCrypto = (player: SignedInPlayer, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/withdrawals',
      headers: bearer(player.accessToken),
      payload: { idempotency_key: randomUUID(), ...body },
    });
  const approve = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operator/payments/withdrawals/${id}/approve`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
  async function fundedPlayer(amount: string) {
    const player = await createPlayer(t);
    const payment = await newDeposit(player, amount, 'TRC');
    sandbox.sendCoins(providerRefOf(payment), payment.crypto?.pay_amount ?? '');
    await mine(3);
    expect(await balanceOf(t, player)).toBe(`${amount}`);
    await markIdentityVerified(t.db, player.id);
    return player;
  }

  it('pending at once, approved, paid after N blocks', async () => {
    const player = await fundedPlayer('100.00');
    const res = await withdrawCrypto(player, { amount: '40.00', net: 'ETH', address: ethAddress });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json<Payment>();
    expect(payment).toMatchObject({
      direction: 'withdrawal',
      method: 'crypto',
      status: 'pending',
      cancelable: true,
      crypto: { network: 'ETH', address: ethAddress, test_wallet_url: null },
    });
    expect(await balanceOf(t, player)).toBe('60.00');
    const approved = await approve(payment.id);
    expect(approved.json<Payment>()).toMatchObject({
      status: 'processing',
      crypto: { pay_amount: '0.01600000', pay_currency: 'eth' },
    });
    await mine(3);
    expect(await statusOf(player, payment.id)).toMatchObject({
      status: 'paid',
      display_status: 'confirmed',
    });
    expect(await balanceOf(t, player)).toBe('60.00');
    await expectLedgerClean(t.db);
  });

  it('a payout the network refuses fails, and the money comes back', async () => {
    const player = await fundedPlayer('50.00');
    const payment = (
      await withdrawCrypto(player, { amount: '30.00', address: deadAddress })
    ).json<Payment>();
    expect(await balanceOf(t, player)).toBe('20.00');
    await approve(payment.id);
    await mine(1);
    expect(await statusOf(player, payment.id)).toMatchObject({
      status: 'failed',
      display_status: 'canceled',
      failure: { code: 'payout_failed' },
    });
    expect(await balanceOf(t, player)).toBe('50.00');
    await expectLedgerClean(t.db);
  });

  it('cancelled by the player before approval: money back; bad addresses are field errors', async () => {
    const player = await fundedPlayer('50.00');
    const payment = (
      await withdrawCrypto(player, {
        amount: '25.00',
        net: 'TRC',
        address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
      })
    ).json<Payment>();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/cancel`,
      headers: bearer(player.accessToken),
    });
    expect(cancelled.json<Payment>().status).toBe('canceled');
    expect(await balanceOf(t, player)).toBe('50.00');
    const cases: [Record<string, string>, string][] = [
      [{ address: '' }, 'Transfer Adress is required'],
      [{ address: ethAddress, net: 'TRC' }, 'This is not a TRC address'],
      [{ address: '0x1234' }, 'This is not a ETH address'],
    ];
    for (const [override, message] of cases) {
      const res = await withdrawCrypto(player, { amount: '20.00', ...override });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual([{ path: 'address', message }]);
    }
    const over = await withdrawCrypto(player, { amount: '50.01', address: ethAddress });
    expect(errorOf(over).code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(t, player)).toBe('50.00');
    await expectLedgerClean(t.db);
  });
});
