import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import {
  codeSentTo,
  errorOf,
  me,
  newPlayerDetails,
  refreshCookie,
  register,
  registrationBody,
  verify,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/verify', () => {
  const clock = fixedClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the account and its wallet and signs in, like login (201)', async () => {
    const player = newPlayerDetails();
    await register(t, player);
    const res = await verify(t, player, codeSentTo(t.outbox, player.email));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ access_token: string }>();
    expect(body).toEqual({
      access_token: expect.any(String) as string,
      token_type: 'Bearer',
      expires_in: 900,
    });
    expect(refreshCookie(res)).toMatchObject({ httpOnly: true, path: '/api/auth' });

    const profile = await me(t, body.access_token);
    expect(profile.json()).toMatchObject({
      username: player.username,
      email: player.email,
      avatar: null,
      balance: '0.00',
      currency: 'USD',
    });
    const id = profile.json<{ id: string }>().id;
    const wallet = await t.db.execute<{ balance: string; currency: string }>(
      `select balance, currency from wallets where user_id = '${id}'`,
    );
    expect(wallet.rows).toEqual([{ balance: '0', currency: 'USD' }]);
  });

  it('works once: the same code again is OTP_INVALID', async () => {
    const player = newPlayerDetails();
    await register(t, player);
    const code = codeSentTo(t.outbox, player.email);
    expect((await verify(t, player, code)).statusCode).toBe(201);
    const again = await verify(t, player, code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('OTP_INVALID');
  });

  it('answers OTP_INVALID when no registration is pending', async () => {
    const res = await verify(t, newPlayerDetails(), '123456');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'OTP_INVALID',
      fields: [{ path: 'otp', message: 'otpinvalid' }],
    });
  });

  it('counts wrong codes: four are OTP_INVALID, the fifth kills the code', async () => {
    const player = newPlayerDetails();
    await register(t, player);
    const code = codeSentTo(t.outbox, player.email);
    for (let i = 0; i < 4; i++) {
      const res = await verify(t, player, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('OTP_INVALID');
    }
    const fifth = await verify(t, player, wrong(code));
    expect(errorOf(fifth).code).toBe('OTP_ATTEMPTS_EXCEEDED');
    const right = await verify(t, player, code);
    expect(right.statusCode).toBe(400);
    expect(errorOf(right).code).toBe('OTP_ATTEMPTS_EXCEEDED');

    // A new code (after the resend interval) starts afresh.
    clock.advance(60_000);
    await register(t, player);
    expect((await verify(t, player, codeSentTo(t.outbox, player.email))).statusCode).toBe(201);
  });

  it('expires the code after ten minutes', async () => {
    const player = newPlayerDetails();
    await register(t, player);
    const code = codeSentTo(t.outbox, player.email);
    clock.advance(10 * 60_000);
    const res = await verify(t, player, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('OTP_EXPIRED');
  });

  it('accepts the code until just before it expires', async () => {
    const player = newPlayerDetails();
    await register(t, player);
    clock.advance(10 * 60_000 - 1_000);
    expect((await verify(t, player, codeSentTo(t.outbox, player.email))).statusCode).toBe(201);
  });

  it('binds the code to its address', async () => {
    const a = newPlayerDetails();
    const b = newPlayerDetails();
    await register(t, a);
    await register(t, b);
    const res = await verify(t, b, codeSentTo(t.outbox, a.email));
    expect(errorOf(res).code).toBe('OTP_INVALID');
  });

  it.each([
    ['12345', 'otperror'],
    ['1234567', 'otperror'],
    ['12a456', 'otperror'],
  ])('refuses the code %s with the key %s', async (otp, key) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { ...registrationBody(newPlayerDetails()), otp },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toContainEqual({ path: 'otp', message: key });
  });

  it('validates the registration fields again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { ...registrationBody(newPlayerDetails()), username: 'x', otp: '123456' },
    });
    expect(errorOf(res).fields).toContainEqual({ path: 'username', message: 'usernamelength' });
  });

  it('refuses a common password at verification too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: {
        ...registrationBody(newPlayerDetails({ password: 'iloveyou1' })),
        otp: '123456',
      },
    });
    expect(errorOf(res).code).toBe('PASSWORD_TOO_COMMON');
  });
});
