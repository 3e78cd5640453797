import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import type { Mailer, MailMessage } from '../../src/lib/mail/mailer';
import { createMemoryMailer } from '../helpers/memory-mailer';
import {
  codeSentTo,
  errorOf,
  newPlayerDetails,
  register,
  registrationBody,
  verify,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

describe('POST /api/auth/register', () => {
  const clock = fixedClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 201 and e-mails a six-digit code; no account exists yet', async () => {
    const player = newPlayerDetails({ email: `  New.Player.${Date.now()}@Example.COM ` });
    const res = await register(t, player);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: expect.any(String) as string,
      resend_after: 60,
      expires_in: 600,
    });
    const address = player.email.trim().toLowerCase();
    const mail = t.outbox.at(-1);
    expect(mail?.to).toBe(address);
    expect(codeSentTo(t.outbox, address)).toMatch(/^\d{6}$/);
    // Russian unless the browser asks otherwise.
    expect(mail?.subject).toContain('код');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: address, password: player.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('writes the mail in the language of Accept-Language', async () => {
    const player = newPlayerDetails();
    await register(t, player, { 'accept-language': 'en-GB,en;q=0.9' });
    const mail = t.outbox.filter((m) => m.to === player.email).at(-1);
    expect(mail?.subject).toBe('Orbita: your registration code');
    expect(mail?.text).toContain('Hello,');
  });

  it('never stores the code or the password in clear', async () => {
    const player = newPlayerDetails({ password: 'a very unusual passphrase' });
    await register(t, player);
    const code = codeSentTo(t.outbox, player.email);
    const dump = JSON.stringify(await t.db.execute('select * from pending_registrations'));
    expect(dump).toContain(player.email);
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(player.password);
  });

  it.each([
    ['username', { username: '' }, 'usernameerror'],
    ['username', { username: 'ab' }, 'usernamelength'],
    ['username', { username: 'a'.repeat(21) }, 'usernamelength'],
    ['username', { username: 'bad name' }, 'usernamechars'],
    ['email', { email: '' }, 'emailerror'],
    ['email', { email: 'not-an-email' }, 'invalidemail'],
    ['password', { password: '' }, 'passworderror'],
    ['password', { password: 'short77' }, '6chars'],
    ['password', { password: 'x'.repeat(129) }, 'passwordtoolong'],
  ])('refuses a bad %s (%j) with 400 and the key %s', async (field, change, key) => {
    const body = { ...registrationBody(newPlayerDetails()), ...change };
    if ('password' in change) body.confirmPassword = change.password;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(errorOf(res).fields).toContainEqual({ path: field, message: key });
  });

  it('refuses a missing confirmation and one that does not match', async () => {
    const body = registrationBody(newPlayerDetails());
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, confirmPassword: '' },
    });
    expect(errorOf(missing).fields).toContainEqual({
      path: 'confirmPassword',
      message: 'confirmpassworderror',
    });
    const different = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, confirmPassword: 'something else' },
    });
    expect(errorOf(different).fields).toEqual([
      { path: 'confirmPassword', message: 'passwordsdonotmatch' },
    ]);
  });

  it('refuses a common password with 400 PASSWORD_TOO_COMMON on the password field', async () => {
    const player = newPlayerDetails({ password: 'Password123' });
    const res = await register(t, player);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      fields: [{ path: 'password', message: 'passwordtoocommon' }],
    });
  });

  it('answers 409 for a username or e-mail an account already has', async () => {
    const owner = newPlayerDetails();
    await register(t, owner);
    await verify(t, owner, codeSentTo(t.outbox, owner.email));

    const sameName = newPlayerDetails({ username: owner.username.toUpperCase() });
    const nameRes = await register(t, sameName);
    expect(nameRes.statusCode).toBe(409);
    expect(errorOf(nameRes)).toMatchObject({
      code: 'USERNAME_BUSY',
      fields: [{ path: 'username', message: 'usernamebusy' }],
    });

    const sameEmail = newPlayerDetails({ email: owner.email.toUpperCase() });
    const emailRes = await register(t, sameEmail);
    expect(emailRes.statusCode).toBe(409);
    expect(errorOf(emailRes).code).toBe('EMAIL_BUSY');
  });

  it('lets two pending registrations want one name; the first to verify gets it', async () => {
    const username = newPlayerDetails().username;
    const first = newPlayerDetails({ username });
    const second = newPlayerDetails({ username });
    expect((await register(t, first)).statusCode).toBe(201);
    expect((await register(t, second)).statusCode).toBe(201);

    expect((await verify(t, second, codeSentTo(t.outbox, second.email))).statusCode).toBe(201);
    const late = await verify(t, first, codeSentTo(t.outbox, first.email));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('USERNAME_BUSY');

    // The code was not used up: with another name the same code still works.
    const renamed = { ...first, username: `${username.slice(0, 16)}_b` };
    expect((await verify(t, renamed, codeSentTo(t.outbox, first.email))).statusCode).toBe(201);
  });

  describe('sending again', () => {
    it('allows one code a minute per address: 429 OTP_RESEND_LIMIT with Retry-After', async () => {
      const player = newPlayerDetails();
      expect((await register(t, player)).statusCode).toBe(201);
      clock.advance(20_000);
      const early = await register(t, player);
      expect(early.statusCode).toBe(429);
      expect(errorOf(early).code).toBe('OTP_RESEND_LIMIT');
      expect(early.headers['retry-after']).toBe('40');

      clock.advance(40_000);
      const again = await register(t, player);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ resend_after: 60 });
    });

    it('allows five codes an hour per address', async () => {
      const player = newPlayerDetails();
      for (let i = 0; i < 5; i++) {
        expect((await register(t, player)).statusCode).toBe(201);
        clock.advance(61_000);
      }
      const sixth = await register(t, player);
      expect(sixth.statusCode).toBe(429);
      // The first of the five went 5 × 61 s ago; it leaves the hour in 3600 − 305 s.
      expect(sixth.headers['retry-after']).toBe(String(3600 - 305));
      clock.advance((3600 - 305) * 1000);
      expect((await register(t, player)).statusCode).toBe(201);
    });

    it('replaces the code: only the newest one works', async () => {
      const player = newPlayerDetails();
      await register(t, player);
      const oldCode = codeSentTo(t.outbox, player.email);
      clock.advance(60_000);
      await register(t, player);
      const newCode = codeSentTo(t.outbox, player.email);
      if (oldCode !== newCode) {
        expect(errorOf(await verify(t, player, oldCode)).code).toBe('OTP_INVALID');
      }
      expect((await verify(t, player, newCode)).statusCode).toBe(201);
    });

    it('reports resend_after beyond a minute when the hourly limit is near', async () => {
      const player = newPlayerDetails();
      let last: { resend_after: number } | undefined;
      for (let i = 0; i < 5; i++) {
        last = (await register(t, player)).json();
        clock.advance(60_000);
      }
      expect(last?.resend_after).toBe(3600 - 4 * 60);
    });
  });
});

describe('registration when the mail cannot be sent', () => {
  let t: TestApp;
  let failing = true;
  const memory = createMemoryMailer();
  const flaky: Mailer = {
    send: (message: MailMessage) =>
      failing ? Promise.reject(new Error('connect ECONNREFUSED')) : memory.send(message),
  };
  beforeAll(async () => {
    t = await buildTestApp({ mailer: flaky });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE, and the unsent code does not count', async () => {
    const player = newPlayerDetails();
    for (let i = 0; i < 3; i++) {
      const res = await register(t, player);
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBeDefined();
    }
    failing = false;
    const res = await register(t, player);
    expect(res.statusCode).toBe(201);
    expect(codeSentTo(memory.outbox, player.email)).toMatch(/^\d{6}$/);
  });
});
