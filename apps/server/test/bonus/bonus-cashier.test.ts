import { randomUUID } from 'node:crypto';
import type { Payment, PlayerBonusResponse } from '@casino/contracts';
import type { CryptoSandbox } from '@casino/payments-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import { expectLedgerClean } from '../helpers/ledger';
import { markIdentityVerified } from '../helpers/identity';
import { bearer, createPlayer, errorOf, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { balanceOf, buildCashierApp } from '../payments/payments-helpers';

/**
 * The bonus with the real cashier: a deposit match claimed before its deposit is granted when
 * the crypto deposit confirms; a withdrawal while a bonus is active is refused with the
 * stated rule and moves nothing; after the bonus is cancelled the cash can be withdrawn.
 */
const clock = fixedClock(new Date());
let t: TestApp;
let sandbox: CryptoSandbox;
const ethAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  t = await buildCashierApp({ clock, env: { CRYPTO_SANDBOX_CONFIRMATIONS: '1' } });
  await t.app.ready();
  sandbox = t.app.payments.cryptoSandbox!;
});
afterAll(async () => {
  await t.close();
});

const post = (player: SignedInPlayer, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(player.accessToken), payload });

async function deposit(player: SignedInPlayer, amount: string) {
  const res = await post(player, '/api/payments/crypto/deposits', {
    idempotency_key: randomUUID(),
    amount,
    net: 'TRC',
  });
  expect(res.statusCode, res.body).toBe(201);
  const payment = res.json<Payment>();
  sandbox.sendCoins(
    payment.crypto?.test_wallet_url?.split('/').at(-1) ?? '',
    payment.crypto?.pay_amount ?? '',
  );
  sandbox.mine(1);
  await sandbox.ipns.settle();
  await t.app.bonus.settler.idle();
}

/** Of a player whose identity is verified (the gate has its own tests, decision 052). */
async function withdraw(player: SignedInPlayer, amount: string) {
  await markIdentityVerified(t.db, player.id);
  return post(player, '/api/payments/crypto/withdrawals', {
    idempotency_key: randomUUID(),
    amount,
    net: 'ETH',
    address: ethAddress,
  });
}

describe('the bonus and the cashier', () => {
  it('grants a deposit match on the deposit, refuses withdrawals while it is active, then pays the cash', async () => {
    const player = await createPlayer(t);
    const claimed = await post(player, '/api/bonus/claim', { offer_id: 'welcome-match' });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json<PlayerBonusResponse>().bonus.status).toBe('awaiting_deposit');

    await deposit(player, '50.00');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: bearer(player.accessToken),
    });
    expect(me.json()).toMatchObject({ balance: '100.00', cash: '50.00', bonus: '50.00' });

    const refused = await withdraw(player, '20.00');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('WITHDRAWAL_BONUS_ACTIVE');
    expect(await balanceOf(t, player)).toBe('100.00');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/payments?limit=20',
      headers: bearer(player.accessToken),
    });
    expect(
      listed.json<{ data: Payment[] }>().data.filter((p) => p.direction === 'withdrawal'),
    ).toEqual([]);

    const bonusId = claimed.json<PlayerBonusResponse>().bonus.id;
    const cancelled = await post(player, `/api/bonus/${bonusId}/cancel`, {});
    expect(cancelled.json<PlayerBonusResponse>().bonus).toMatchObject({
      status: 'cancelled',
      forfeited_amount: '50.00',
    });
    const paid = await withdraw(player, '20.00');
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await balanceOf(t, player)).toBe('30.00');
    await expectLedgerClean(t.db);
  });

  it('withdraws the cash while a bonus is active once the player confirms the forfeit shown (issue 25)', async () => {
    const player = await createPlayer(t);
    await deposit(player, '40.00');
    const promo = await post(player, '/api/bonus/promo', { code: 'ORBITA5' });
    expect(promo.statusCode, promo.body).toBe(201);
    const bonusId = promo.json<PlayerBonusResponse>().bonus.id;

    // The warning: what would be forfeited, and nothing moved.
    const warned = await withdraw(player, '25.00');
    expect(warned.statusCode).toBe(409);
    expect(errorOf(warned)).toMatchObject({
      code: 'WITHDRAWAL_BONUS_ACTIVE',
      fields: [
        { path: 'bonus_id', message: bonusId },
        { path: 'bonus', message: '5.00' },
        { path: 'winnings', message: '0.00' },
        { path: 'total', message: '5.00' },
      ],
    });
    expect(await balanceOf(t, player)).toBe('45.00');

    // Confirmed: the bonus is forfeited and the cash leaves, in one go.
    await markIdentityVerified(t.db, player.id);
    const paid = await post(player, '/api/payments/crypto/withdrawals', {
      idempotency_key: randomUUID(),
      amount: '25.00',
      net: 'ETH',
      address: ethAddress,
      forfeit_bonus: { bonus_id: bonusId, total: '5.00' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await balanceOf(t, player)).toBe('15.00');
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/bonus',
      headers: bearer(player.accessToken),
    });
    expect(overview.json()).toMatchObject({
      active: null,
      cash: '15.00',
      bonus: '0.00',
      history: [{ id: bonusId, status: 'forfeited', forfeited_amount: '5.00' }],
    });
    await expectLedgerClean(t.db);
  });
});
