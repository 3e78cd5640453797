import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import {
  bearer,
  createPlayer,
  errorOf,
  login,
  me,
  signIn,
  type SignedInPlayer,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

describe('PATCH /api/user/reset-password', () => {
  const clock = fixedClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const change = (player: SignedInPlayer, payload: Record<string, unknown>, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/reset-password',
      headers: bearer(player.accessToken),
      payload,
      remoteAddress: ip,
    });
  const body = (oldPassword: string, newPassword = 'a brand new passphrase') => ({
    oldPassword,
    newPassword,
    repeatPassword: newPassword,
  });

  it('keeps the other devices signed in when the player chooses to (signOutOthers: false)', async () => {
    const player = await createPlayer(t);
    const other = await signIn(t, player);
    const res = await change(player, { ...body(player.password), signOutOthers: false });
    expect(res.statusCode).toBe(200);
    expect((await me(t, other.accessToken)).statusCode).toBe(200);
    expect((await me(t, player.accessToken)).statusCode).toBe(200);
  });

  it('changes the password and signs out every other session, not this one', async () => {
    const player = await createPlayer(t);
    const other = await signIn(t, player);
    const res = await change(player, body(player.password));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'updated' });

    expect((await me(t, player.accessToken)).statusCode).toBe(200);
    expect((await me(t, other.accessToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: other.refreshToken },
    });
    expect(errorOf(refresh).code).toBe('SESSION_REVOKED');
    const ownRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: player.refreshToken },
    });
    expect(ownRefresh.statusCode).toBe(201);

    expect((await login(t, player.email, 'a brand new passphrase')).statusCode).toBe(201);
    expect((await login(t, player.email, player.password)).statusCode).toBe(401);
  });

  it('answers 400 WRONG_PASSWORD when the old one does not match, changing nothing', async () => {
    const player = await createPlayer(t);
    const res = await change(player, body('not my password'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'WRONG_PASSWORD',
      fields: [{ path: 'oldPassword', message: 'wrongpassword' }],
    });
    expect((await login(t, player.email, player.password)).statusCode).toBe(201);
  });

  it('throttles wrong old passwords like login: 429 TOO_MANY_ATTEMPTS with Retry-After', async () => {
    const player = await createPlayer(t);
    for (let i = 0; i < 5; i++) {
      expect((await change(player, body('guess number x'), '10.20.0.1')).statusCode).toBe(400);
    }
    const locked = await change(player, body(player.password), '10.20.0.1');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.headers['retry-after']).toBe('60');
    // Login is a separate counter: the player is not locked out of signing in.
    expect((await login(t, player.email, player.password, '10.20.0.1')).statusCode).toBe(201);
    clock.advance(60_000);
    expect((await change(player, body(player.password), '10.20.0.1')).statusCode).toBe(200);
  });

  it('refuses a common new password on newPassword', async () => {
    const player = await createPlayer(t);
    const res = await change(player, body(player.password, 'qwerty123'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      fields: [{ path: 'newPassword', message: 'passwordtoocommon' }],
    });
  });

  it.each([
    [
      { oldPassword: '', newPassword: 'long enough 1', repeatPassword: 'long enough 1' },
      'oldPassword',
      'passworderror',
    ],
    [{ oldPassword: 'x', newPassword: 'short', repeatPassword: 'short' }, 'newPassword', '6chars'],
    [
      { oldPassword: 'x', newPassword: 'long enough 1', repeatPassword: 'long enough 2' },
      'repeatPassword',
      'passwordsdonotmatch',
    ],
  ])('validates %j', async (payload, path, message) => {
    const player = await createPlayer(t);
    const res = await change(player, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toContainEqual({ path, message });
  });
});
