import type { Payment } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createPlayer, errorOf, login, type SignedInPlayer } from '../helpers/players';
import { markIdentityVerified } from '../helpers/identity';
import { balanceOf, fundedByCard, operatorToken, withdraw } from '../payments/payments-helpers';
import { twoFactorSuite } from './two-factor-suite';

const { t, post, nextCode, enrolledPlayer } = twoFactorSuite();

describe('sensitive actions need a code while it is on', () => {
  const emailChange = (player: SignedInPlayer, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/setting',
      headers: bearer(player.accessToken),
      payload,
    });

  it('e-mail change: 403 without a code, 400 with a wrong one, sent with a right one', async () => {
    const player = await enrolledPlayer();
    const email = `new.${player.username}@example.com`;
    const without = await emailChange(player, { email });
    expect(without.statusCode).toBe(403);
    expect(errorOf(without)).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      fields: [{ path: 'twoFactorCode', message: 'twofactorrequired' }],
    });
    const wrong = await emailChange(player, { email, twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual([{ path: 'twoFactorCode', message: 'twofactorinvalid' }]);
    expect(t.outbox.filter((m) => m.to === email)).toHaveLength(0);
    const ok = await emailChange(player, { email, twoFactorCode: nextCode(player.secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'verification_sent', pending_email: email });
    // A username change is not gated.
    expect(
      (await emailChange(player, { username: `${player.username}x`.slice(0, 20) })).statusCode,
    ).toBe(200);
  });

  it('account closure: 403 without a code, 400 with a wrong one, closed with a right one', async () => {
    const player = await enrolledPlayer();
    const without = await post(player, '/api/user/close', { password: player.password });
    expect(without.statusCode).toBe(403);
    expect(errorOf(without)).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      fields: [{ path: 'twoFactorCode', message: 'twofactorrequired' }],
    });
    const wrong = await post(player, '/api/user/close', {
      password: player.password,
      twoFactorCode: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID');
    // Still open: the player can still sign in (with the second step).
    expect((await login(t, player.email, player.password)).statusCode).toBe(200);
    const ok = await post(player, '/api/user/close', {
      password: player.password,
      twoFactorCode: nextCode(player.secret),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await login(t, player.email, player.password)).statusCode).toBe(401);
  });

  it('the operator resets a lost second factor: the password alone signs in again', async () => {
    const player = await enrolledPlayer();
    const url = `/api/operator/users/${player.id}/two-factor/reset`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ reset: true });
    const signIn = await login(t, player.email, player.password);
    expect(signIn.statusCode).toBe(201);
    expect(signIn.json()).not.toHaveProperty('twoFactorRequired');
    expect(signIn.json()).toHaveProperty('access_token');
    // The old key and recovery codes are gone: nothing is asked, nothing is accepted.
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select (select count(*) from two_factor_authenticators where user_id = ${player.id})
        + (select count(*) from two_factor_recovery_codes where user_id = ${player.id}) as n`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(again.json()).toEqual({ reset: false });
  });

  it('without two-factor sign-in an e-mail change needs no code', async () => {
    const player = await createPlayer(t);
    const res = await emailChange(player, { email: `plain.${player.username}@example.com` });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('withdrawal: 403 without a code, nothing leaves; with a code it is requested', async () => {
    const player = await enrolledPlayer();
    const token = await fundedByCard(t, player, '100.00');
    const without = await withdraw(t, player, { amount: '40.00', payment_method: token });
    expect(without.statusCode).toBe(403);
    expect(errorOf(without).code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/payments/card/withdrawals',
      headers: bearer(player.accessToken),
      payload: {
        amount: '40.00',
        payment_method: token,
        idempotency_key: 'w-2fa-wrong-1',
        twoFactorCode: '000000',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await balanceOf(t, player)).toBe('100.00');

    const payload = {
      amount: '40.00',
      payment_method: token,
      idempotency_key: `w-2fa-${player.id}`,
      twoFactorCode: nextCode(player.secret),
    };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payments/card/withdrawals',
      headers: bearer(player.accessToken),
      payload,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<Payment>().status).toBe('pending');
    expect(await balanceOf(t, player)).toBe('60.00');
    // A retry of the same request (same key, same used code) is answered as before.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/payments/card/withdrawals',
      headers: bearer(player.accessToken),
      payload,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await balanceOf(t, player)).toBe('60.00');
  });

  it('crypto withdrawal is gated the same way', async () => {
    const player = await enrolledPlayer();
    // Past the identity check (decision 052), which a withdrawal asks first.
    await markIdentityVerified(t.db, player.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/withdrawals',
      headers: bearer(player.accessToken),
      payload: {
        amount: '40.00',
        net: 'ETH',
        address: `0x${'a'.repeat(40)}`,
        idempotency_key: `c-2fa-${player.id}`,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('TWO_FACTOR_REQUIRED');
  });
});
