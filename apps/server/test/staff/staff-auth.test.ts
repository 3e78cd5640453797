import { totpCodeAt } from '../../src/features/auth/two-factor-totp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asStaff,
  buildStaffApp,
  completeSetup,
  cookieOf,
  createStaff,
  invite,
  login,
  nextCode,
  tokenOfLink,
  type StaffApp,
} from './staff-helpers';

const minute = 60_000;
const errorCode = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

describe('staff accounts: set-up, login with TOTP, sessions', () => {
  let t: StaffApp;
  beforeAll(async () => {
    t = await buildStaffApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a set-up link works once and for 24 hours', async () => {
    const created = await invite(t, ['support']);
    expect(created.setupLink).toMatch(/^\/backoffice\/setup#[A-Za-z0-9_-]{43}$/);
    expect(created.expiresAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(
      24 * 60 * minute - minute,
    );
    expect(created.expiresAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(
      24 * 60 * minute,
    );
    const token = tokenOfLink(created.setupLink);
    await completeSetup(t, token, 'first password of mine');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/operator/auth/setup/begin',
      payload: { token },
    });
    expect(again.statusCode).toBe(404);
    expect(errorCode(again)).toBe('STAFF_SETUP_INVALID');

    const late = await invite(t, ['support']);
    t.clock.advance(24 * 60 * minute + 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/operator/auth/setup/begin',
      payload: { token: tokenOfLink(late.setupLink) },
    });
    expect(expired.statusCode).toBe(404);
  });

  it('set-up needs a right code and a password that is not common', async () => {
    const created = await invite(t, ['support']);
    const token = tokenOfLink(created.setupLink);
    const begin = await t.app.inject({
      method: 'POST',
      url: '/api/operator/auth/setup/begin',
      payload: { token },
    });
    const secret = begin.json<{ totp_secret: string; otpauth_uri: string }>();
    expect(secret.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    const complete = (password: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/operator/auth/setup/complete',
        payload: { token, password, code },
      });
    const wrong = totpCodeAt(secret.totp_secret, t.clock.now()) === '000000' ? '111111' : '000000';
    expect((await complete('a fine long password', wrong)).statusCode).toBe(422);
    expect(
      (await complete('password', totpCodeAt(secret.totp_secret, t.clock.now()))).statusCode,
    ).toBe(422);
    // No login before set-up is done.
    const early = await login(t, created.account.email, 'a fine long password', '123456');
    expect(early.statusCode).toBe(401);
  });

  it('no login without the second factor; a code is taken once', async () => {
    const member = await createStaff(t, ['payments']);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/operator/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.cookies.find((c) => c.name === 'orbita_staff')).toBeUndefined();
    const code = nextCode(t, member.secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await login(t, member.email, member.password, wrongCode);
    expect(bad.statusCode).toBe(401);
    expect(errorCode(bad)).toBe('STAFF_LOGIN_FAILED');
    const good = await login(t, member.email, member.password, code);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ kind: 'staff', email: member.email, roles: ['payments'] });
    // The same code again: refused (replay), even with the right password.
    const replay = await login(t, member.email, member.password, code);
    expect(replay.statusCode).toBe(401);
    const wrongPassword = await login(
      t,
      member.email,
      'not the password',
      nextCode(t, member.secret),
    );
    expect(wrongPassword.statusCode).toBe(401);
  });

  it('sets its own cookie: orbita_staff, Path=/api/operator, SameSite=Strict, HttpOnly', async () => {
    const member = await createStaff(t, ['support']);
    const res = await login(t, member.email, member.password, nextCode(t, member.secret));
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^orbita_staff=/);
    expect(header).toContain('Path=/api/operator');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('HttpOnly');
    expect(header).toContain(`Max-Age=${12 * 60 * 60}`);
  });

  it('locks out after repeated failures, like the players’ login (429)', async () => {
    const member = await createStaff(t, ['support']);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await login(t, member.email, 'wrong password!', '123456')).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // Even the right password and code wait for the lock.
    const right = await login(t, member.email, member.password, nextCode(t, member.secret));
    expect(right.statusCode).toBe(429);
  });

  it('ends a session after 30 minutes idle, and after 12 hours whatever happens', async () => {
    const idle = await createStaff(t, ['support']);
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/operator/auth/me', headers: { cookie } });
    expect((await me(idle.cookie)).statusCode).toBe(200);
    t.clock.advance(29 * minute);
    expect((await me(idle.cookie)).statusCode).toBe(200);
    t.clock.advance(30 * minute + 1000);
    expect((await me(idle.cookie)).statusCode).toBe(401);

    const busy = await createStaff(t, ['support']);
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect((await me(busy.cookie)).statusCode, `after ${elapsed} minutes`).toBe(200);
      t.clock.advance(20 * minute);
    }
    expect((await me(busy.cookie)).statusCode).toBe(401);
  });

  it('lists and ends its own sessions; an admin ends anyone’s and disables an account', async () => {
    const admin = await createStaff(t, ['admin']);
    const member = await createStaff(t, ['support']);
    const second = cookieOf(
      await login(t, member.email, member.password, nextCode(t, member.secret)),
    );
    const list = await asStaff(t, member, 'GET', '/api/operator/auth/sessions');
    const sessions = list.json<{ data: { id: string; current: boolean }[] }>().data;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current);
    const ended = await asStaff(t, member, 'DELETE', `/api/operator/auth/sessions/${other?.id}`);
    expect(ended.statusCode).toBe(204);
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/operator/auth/me', headers: { cookie } });
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(member.cookie)).statusCode).toBe(200);

    const byAdmin = await asStaff(t, admin, 'DELETE', `/api/operator/staff/${member.id}/sessions`);
    expect(byAdmin.json()).toEqual({ ended: 1 });
    expect((await me(member.cookie)).statusCode).toBe(401);

    const again = cookieOf(
      await login(t, member.email, member.password, nextCode(t, member.secret)),
    );
    const disabled = await asStaff(t, admin, 'POST', `/api/operator/staff/${member.id}/disable`, {
      reason: 'left the company',
    });
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    expect((await me(again)).statusCode).toBe(401);
    const refused = await login(t, member.email, member.password, nextCode(t, member.secret));
    expect(refused.statusCode).toBe(401);
    // An admin cannot lock themself out.
    const self = await asStaff(t, admin, 'POST', `/api/operator/staff/${admin.id}/disable`, {
      reason: 'oops',
    });
    expect(errorCode(self)).toBe('STAFF_SELF_LOCKOUT');
  });

  it('logout ends the session and clears the cookie', async () => {
    const member = await createStaff(t, ['support']);
    const out = await asStaff(t, member, 'POST', '/api/operator/auth/logout', {});
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/orbita_staff=;/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/operator/auth/me',
      headers: { cookie: member.cookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a change from another origin (the cookie is SameSite=Strict as well)', async () => {
    const member = await createStaff(t, ['support']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator/auth/logout',
      headers: { cookie: member.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('BACKOFFICE_ALLOWED_IPS', () => {
  it('refuses an address outside the list (403), on every staff route', async () => {
    const t = await buildStaffApp({ env: { BACKOFFICE_ALLOWED_IPS: '10.0.0.0/8, 2001:db8::/32' } });
    try {
      const res = await asStaff(t, 'service', 'GET', '/api/operator/auth/me');
      expect(res.statusCode).toBe(403);
      expect(errorCode(res)).toBe('STAFF_IP_REFUSED');
      const inside = await t.app.inject({
        method: 'GET',
        url: '/api/operator/auth/me',
        remoteAddress: '10.1.2.3',
        headers: { authorization: `Bearer staff-test-service-token-0123456789abcdef` },
      });
      expect(inside.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
