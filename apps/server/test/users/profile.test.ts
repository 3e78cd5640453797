import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createPlayer,
  errorOf,
  me,
  newPlayerDetails,
  register,
  signAccessToken,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/user/me', () => {
    it('answers the allow-listed player, money as a decimal string', async () => {
      const player = await createPlayer(t);
      const res = await me(t, player.accessToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual([
        'avatar',
        'balance',
        'bonus',
        'cash',
        'created_at',
        'currency',
        'email',
        'id',
        'username',
      ]);
      expect(body).toMatchObject({
        id: player.id,
        username: player.username,
        email: player.email,
        avatar: null,
        balance: '0.00',
        currency: 'USD',
      });
      expect(new Date(body.created_at as string).toISOString()).toBe(body.created_at);
      expect(res.body).not.toContain('argon2');
    });

    it('formats the wallet balance exactly, with a third decimal only when needed', async () => {
      const player = await createPlayer(t);
      const setBalance = (thousandths: string) =>
        t.db.execute(`update wallets set balance = ${thousandths} where user_id = '${player.id}'`);
      await setBalance('1234560');
      expect((await me(t, player.accessToken)).json()).toMatchObject({ balance: '1234.56' });
      await setBalance('9007199254740993');
      expect((await me(t, player.accessToken)).json()).toMatchObject({
        balance: '9007199254740.993',
      });
    });

    it.each([
      ['no header', {}],
      ['a garbage token', bearer('garbage')],
      ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ])('answers 401 UNAUTHORIZED with %s', async (_what, headers) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHORIZED');
    });

    it('refuses a well-signed token whose session does not exist', async () => {
      const player = await createPlayer(t);
      const forged = await signAccessToken({ userId: player.id, sessionId: crypto.randomUUID() });
      expect((await me(t, forged)).statusCode).toBe(401);
    });
  });

  describe('availability', () => {
    const checkUsername = (username: unknown, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/check/username',
        payload: { username },
        remoteAddress,
      });
    const checkEmail = (email: unknown, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/check/email',
        payload: { email },
        remoteAddress,
      });

    it('says whether an account has the username, case-insensitively', async () => {
      const player = await createPlayer(t);
      expect((await checkUsername(player.username, '10.9.0.1')).json()).toEqual({
        available: false,
      });
      expect((await checkUsername(player.username.toUpperCase(), '10.9.0.1')).json()).toEqual({
        available: false,
      });
      expect((await checkUsername('free_name_42', '10.9.0.1')).json()).toEqual({
        available: true,
      });
    });

    it('says whether an account has the e-mail, trimmed and lower-cased', async () => {
      const player = await createPlayer(t);
      const res = await checkEmail(`  ${player.email.toUpperCase()}`, '10.9.0.2');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: false });
      expect((await checkEmail('free.address@example.com', '10.9.0.2')).json()).toEqual({
        available: true,
      });
    });

    it('does not count names and addresses of pending registrations', async () => {
      const pending = newPlayerDetails();
      await register(t, pending);
      expect((await checkUsername(pending.username, '10.9.0.3')).json()).toEqual({
        available: true,
      });
      expect((await checkEmail(pending.email, '10.9.0.3')).json()).toEqual({ available: true });
    });

    it('validates with the contract keys', async () => {
      const bad = await checkUsername('a b', '10.9.0.4');
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).fields).toEqual([{ path: 'username', message: 'usernamechars' }]);
      const badEmail = await checkEmail('nope', '10.9.0.4');
      expect(errorOf(badEmail).fields).toEqual([{ path: 'email', message: 'invalidemail' }]);
    });

    it('allows 30 checks a minute per IP, then 429 RATE_LIMITED with Retry-After', async () => {
      const ip = '10.9.1.1';
      for (let i = 0; i < 15; i++) {
        expect((await checkUsername(`name_${i}`, ip)).statusCode).toBe(200);
        expect((await checkEmail(`n${i}@example.com`, ip)).statusCode).toBe(200);
      }
      const limited = await checkUsername('one_more', ip);
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another IP is not affected.
      expect((await checkUsername('one_more', '10.9.1.2')).statusCode).toBe(200);
    });
  });
});
