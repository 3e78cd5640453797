import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { createPlayer, errorOf, login, me, refreshCookie } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

describe('POST /api/auth/login', () => {
  const clock = fixedClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 201 with a bearer token and the refresh token in a strict httpOnly cookie', async () => {
    const player = await createPlayer(t);
    const res = await login(t, player.email, player.password);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Record<string, unknown>>();
    expect(body).toEqual({
      access_token: expect.any(String) as string,
      token_type: 'Bearer',
      expires_in: 900,
    });
    const cookie = refreshCookie(res);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(t, body.access_token as string)).statusCode).toBe(200);
  });

  it('takes the e-mail in any case and with spaces', async () => {
    const player = await createPlayer(t);
    const res = await login(t, `  ${player.email.toUpperCase()} `, player.password);
    expect(res.statusCode).toBe(201);
  });

  it('answers one generic 401 for a wrong password and an unknown e-mail', async () => {
    const player = await createPlayer(t);
    const wrongPassword = await login(t, player.email, 'not the password', '10.1.0.1');
    const unknown = await login(t, 'nobody-here@example.com', player.password, '10.1.0.1');
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toEqual([]);
    }
    expect(errorOf(wrongPassword).code).toBe('INVALID_CREDENTIALS');
    expect(errorOf(unknown).code).toBe('INVALID_CREDENTIALS');
    expect(errorOf(unknown).message).toBe(errorOf(wrongPassword).message);
  });

  it('refuses bad input with the spec keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual([
      { path: 'email', message: 'emailerror' },
      { path: 'password', message: 'passworderror' },
    ]);
  });

  it('sets Secure on the cookie when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const player = await createPlayer(proxied);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: player.email, password: player.password },
      });
      expect(refreshCookie(res)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is anyone's to send, so it is ignored.
    const player = await createPlayer(t);
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: player.email, password: player.password },
    });
    expect(refreshCookie(direct)?.secure).toBeUndefined();
  });

  describe('throttling', () => {
    it('locks (account, IP) after five failures, with Retry-After, doubling each time', async () => {
      const player = await createPlayer(t);
      const ip = '10.2.0.1';
      for (let i = 0; i < 5; i++) {
        expect((await login(t, player.email, 'wrong password', ip)).statusCode).toBe(401);
      }
      const locked = await login(t, player.email, player.password, ip);
      expect(locked.statusCode).toBe(429);
      expect(errorOf(locked).code).toBe('TOO_MANY_ATTEMPTS');
      expect(locked.headers['retry-after']).toBe('60');

      // Another place is not locked out by a stranger's failures.
      expect((await login(t, player.email, player.password, '10.2.0.2')).statusCode).toBe(201);

      clock.advance(30_000);
      expect((await login(t, player.email, player.password, ip)).headers['retry-after']).toBe('30');
      clock.advance(30_000);
      for (let i = 0; i < 5; i++) await login(t, player.email, 'wrong password', ip);
      expect((await login(t, player.email, player.password, ip)).headers['retry-after']).toBe(
        '120',
      );
      clock.advance(120_000);
      expect((await login(t, player.email, player.password, ip)).statusCode).toBe(201);
    });

    it('a success clears the pair: the next lock starts again from a minute', async () => {
      const player = await createPlayer(t);
      const ip = '10.3.0.1';
      for (let i = 0; i < 4; i++) await login(t, player.email, 'wrong password', ip);
      expect((await login(t, player.email, player.password, ip)).statusCode).toBe(201);
      for (let i = 0; i < 4; i++) await login(t, player.email, 'wrong password', ip);
      expect((await login(t, player.email, player.password, ip)).statusCode).toBe(201);
    });

    it('caps failures on one account from many IPs with a short lock', async () => {
      const player = await createPlayer(t);
      for (let i = 0; i < 20; i++) {
        await login(t, player.email, 'wrong password', `10.4.${i}.1`);
      }
      const locked = await login(t, player.email, player.password, '10.4.99.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('300');
      clock.advance(300_000);
      expect((await login(t, player.email, player.password, '10.4.99.1')).statusCode).toBe(201);
    });

    it('caps failures from one IP across accounts', async () => {
      const ip = '10.5.0.1';
      for (let i = 0; i < 100; i++) {
        await login(t, `stuffing-${i}@example.com`, 'wrong password', ip);
      }
      const player = await createPlayer(t);
      const locked = await login(t, player.email, player.password, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('900');
      clock.advance(900_000);
    }, 60_000);

    it('throttles unknown e-mails exactly like real ones (no enumeration by lock)', async () => {
      const ip = '10.6.0.1';
      for (let i = 0; i < 5; i++) await login(t, 'unknown-person@example.com', 'x', ip);
      const res = await login(t, 'unknown-person@example.com', 'x', ip);
      expect(res.statusCode).toBe(429);
    });

    it('keeps the counters in the database, so every instance agrees', async () => {
      const player = await createPlayer(t);
      const ip = '10.7.0.1';
      for (let i = 0; i < 5; i++) await login(t, player.email, 'wrong password', ip);
      // A second app on the same database: another instance of the server.
      const config = t.config;
      const other = await buildApp({
        config,
        db: t.db,
        clock,
        mailer: createMemoryMailer(),
        logger: createLogger(config),
      });
      const res = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: player.email, password: player.password },
      });
      expect(res.statusCode).toBe(429);
      // Not closed: closing an app closes its database, which `t` still uses.
    });
  });
});
