import type { Payment } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import { totpCodeAt } from '../../src/features/auth/two-factor-totp';
import {
  bearer,
  createPlayer,
  errorOf,
  login,
  me,
  refreshCookie,
  type SignedInPlayer,
} from '../helpers/players';
import { markIdentityVerified } from '../helpers/identity';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  fundedByCard,
  operatorToken,
  withdraw,
} from '../payments/payments-helpers';

/**
 * Two-factor sign-in end to end (issue 15, docs/decisions/051): enrolment, the login's
 * second step, recovery codes, wrong codes throttled, and the gates of the e-mail change
 * and of withdrawals. The clock is fixed: each fresh code is taken one step (30 s) later.
 */
const clock = fixedClock(new Date('2026-03-02T10:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp({ clock });
});
afterAll(async () => {
  await t.close();
});

interface Enrolled extends SignedInPlayer {
  secret: string;
  recoveryCodes: string[];
}

const post = (player: { accessToken: string }, url: string, payload?: object, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer(player.accessToken),
    ...(payload ? { payload } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });

/** A code of the next 30-second step (each code works once). */
function nextCode(secret: string): string {
  clock.advance(30_000);
  return totpCodeAt(secret, clock.now());
}

async function enrolledPlayer(): Promise<Enrolled> {
  const player = await createPlayer(t);
  const setup = await post(player, '/api/user/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await post(player, '/api/user/two-factor/confirm', { code: nextCode(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return {
    ...player,
    secret,
    recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes,
  };
}

async function challengeOf(player: SignedInPlayer, ip?: string): Promise<string> {
  const res = await login(t, player.email, player.password, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}

const secondStep = (challenge: string, code: string, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    payload: { challenge, code },
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe('enrolment', () => {
  it('starts with a secret and otpauth URI, and is on only after a right code', async () => {
    const player = await createPlayer(t);
    const off = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(player.accessToken),
    });
    expect(off.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });

    const setup = await post(player, '/api/user/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_uri } = setup.json<{ secret: string; otpauth_uri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Orbita:${player.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'Orbita',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    // Not on yet: login still answers tokens.
    expect((await login(t, player.email, player.password)).statusCode).toBe(201);

    const wrong = await post(player, '/api/user/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('TWO_FACTOR_INVALID');

    const confirm = await post(player, '/api/user/two-factor/confirm', { code: nextCode(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const on = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(player.accessToken),
    });
    expect(on.json()).toEqual({
      enabled: true,
      enabled_at: clock.now().toISOString(),
      recovery_codes_left: 10,
    });
    // Set-up again while on: refused, the secret stays.
    const again = await post(player, '/api/user/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('stores the secret encrypted and the recovery codes hashed, never in clear', async () => {
    const player = await enrolledPlayer();
    const [row] = (
      await t.db.execute<{ secret_ciphertext: string }>(
        sql`select secret_ciphertext from two_factor_authenticators where user_id = ${player.id}`,
      )
    ).rows;
    expect(row?.secret_ciphertext).toMatch(/^v1\./);
    expect(row?.secret_ciphertext).not.toContain(player.secret);
    const hashes = (
      await t.db.execute<{ code_hash: string }>(
        sql`select code_hash from two_factor_recovery_codes where user_id = ${player.id}`,
      )
    ).rows.map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of player.recoveryCodes) expect(hashes).not.toContain(code);
  });
});

describe('login with two-factor sign-in on', () => {
  it('answers a challenge after the password (no tokens), then signs in with the code', async () => {
    const player = await enrolledPlayer();
    const first = await login(t, player.email, player.password);
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      twoFactorRequired: boolean;
      challenge: string;
      expires_in: number;
    }>();
    expect(body.twoFactorRequired).toBe(true);
    expect(body.expires_in).toBe(300);
    expect(body).not.toHaveProperty('access_token');
    expect(refreshCookie(first)).toBeUndefined();

    const done = await secondStep(body.challenge, nextCode(player.secret));
    expect(done.statusCode, done.body).toBe(201);
    const token = done.json<{ access_token: string }>().access_token;
    expect(refreshCookie(done)?.value).toBeTruthy();
    expect((await me(t, token)).statusCode).toBe(200);
  });

  it('a wrong password still answers 401, before any second step', async () => {
    const player = await enrolledPlayer();
    const res = await login(t, player.email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses the same code twice (replay), and a code of an older step', async () => {
    const player = await enrolledPlayer();
    const code = nextCode(player.secret);
    expect((await secondStep(await challengeOf(player), code)).statusCode).toBe(201);
    const replay = await secondStep(await challengeOf(player), code);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).code).toBe('TWO_FACTOR_INVALID');
    // The previous step's code is inside the ±1 window, but older than the one used.
    const older = totpCodeAt(player.secret, new Date(clock.now().getTime() - 30_000));
    expect((await secondStep(await challengeOf(player), older)).statusCode).toBe(400);
  });

  it('accepts a code one step either side of now, not two', async () => {
    const player = await enrolledPlayer();
    clock.advance(5 * 30_000);
    const at = (steps: number) =>
      totpCodeAt(player.secret, new Date(clock.now().getTime() + steps * 30_000));
    expect((await secondStep(await challengeOf(player), at(-2))).statusCode).toBe(400);
    expect((await secondStep(await challengeOf(player), at(1))).statusCode).toBe(201);
    expect((await secondStep(await challengeOf(player), at(2))).statusCode).toBe(400);
  });

  it('a recovery code signs in once; the count goes down', async () => {
    const player = await enrolledPlayer();
    const [code] = player.recoveryCodes as [string];
    const ok = await secondStep(await challengeOf(player), code.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(201);
    const again = await secondStep(await challengeOf(player), code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('TWO_FACTOR_INVALID');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(player.accessToken),
    });
    expect(status.json<{ recovery_codes_left: number }>().recovery_codes_left).toBe(9);
  });

  it('a challenge expires after 5 minutes, and a forged one opens nothing', async () => {
    const player = await enrolledPlayer();
    const challenge = await challengeOf(player);
    clock.advance(300_000);
    const late = await secondStep(challenge, totpCodeAt(player.secret, clock.now()));
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const [userId, expiry, nonce] = (await challengeOf(player)).split('.');
    const forged = `${userId}.${Number(expiry) + 3600}.${nonce}.${'A'.repeat(43)}`;
    expect((await secondStep(forged, nextCode(player.secret))).statusCode).toBe(401);
  });

  it('wrong codes are throttled: 5 on one challenge, then 429 even for the right code', async () => {
    const player = await enrolledPlayer();
    const challenge = await challengeOf(player, '10.9.0.1');
    for (let i = 0; i < 5; i += 1) {
      const res = await secondStep(challenge, '000000', '10.9.0.1');
      expect(res.statusCode).toBe(400);
    }
    const locked = await secondStep(challenge, nextCode(player.secret), '10.9.0.1');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // A new challenge (the password again) works: the pair lock is the challenge's.
    const fresh = await secondStep(
      await challengeOf(player, '10.9.0.1'),
      nextCode(player.secret),
      '10.9.0.1',
    );
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('wrong codes are throttled per account: 10 in an hour across challenges, then 429', async () => {
    const player = await enrolledPlayer();
    for (let i = 0; i < 10; i += 1) {
      const res = await secondStep(
        await challengeOf(player, `10.8.0.${i}`),
        '000000',
        `10.8.0.${i}`,
      );
      expect(res.statusCode).toBe(400);
    }
    const locked = await secondStep(
      await challengeOf(player, '10.8.1.1'),
      nextCode(player.secret),
      '10.8.1.1',
    );
    expect(locked.statusCode).toBe(429);
    clock.advance(15 * 60_000);
    const later = await secondStep(
      await challengeOf(player, '10.8.1.1'),
      nextCode(player.secret),
      '10.8.1.1',
    );
    expect(later.statusCode, later.body).toBe(201);
  });
});

describe('recovery codes and turning it off', () => {
  it('regenerates ten new codes for a code; the old ones stop working', async () => {
    const player = await enrolledPlayer();
    const res = await post(player, '/api/user/two-factor/recovery-codes', {
      code: nextCode(player.secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    const old = await secondStep(await challengeOf(player), player.recoveryCodes[0] as string);
    expect(old.statusCode).toBe(400);
    const ok = await secondStep(await challengeOf(player), fresh[0] as string);
    expect(ok.statusCode).toBe(201);
  });

  it('turns off with the password and a code; login answers tokens again', async () => {
    const player = await enrolledPlayer();
    const noCode = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
    });
    expect(noCode.statusCode).toBe(400);
    const badPassword = await post(player, '/api/user/two-factor/disable', {
      password: 'not the password',
      code: nextCode(player.secret),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(errorOf(badPassword).code).toBe('WRONG_PASSWORD');
    const badCode = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
      code: '000000',
    });
    expect(errorOf(badCode).code).toBe('TWO_FACTOR_INVALID');
    const off = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
      code: player.recoveryCodes[3],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(t, player.email, player.password)).statusCode).toBe(201);
    const again = await post(player, '/api/user/two-factor/disable', {
      password: player.password,
      code: nextCode(player.secret),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('TWO_FACTOR_NOT_ENABLED');
  });
});

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
