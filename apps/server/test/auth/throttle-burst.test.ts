import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import type * as PasswordModule from '../../src/features/auth/password';
import { verifyPassword } from '../../src/features/auth/password';
import { throttlePolicies } from '../../src/features/auth/throttle';
import { createLogger } from '../../src/lib/logger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import {
  bearer,
  createPlayer,
  errorOf,
  newPlayerDetails,
  registrationBody,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

// Count the real argon2 checks: the property is "no more password checks than the policy",
// whatever the timing of the burst.
vi.mock('../../src/features/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordModule>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const checks = vi.mocked(verifyPassword);

const burst = 40;

function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

function loginOn(app: FastifyInstance, email: string, password: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password },
  });
}

describe('throttles under a burst (issue 17)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    checks.mockClear();
  });

  it(`${burst} parallel wrong passwords for one e-mail get 5 checks, the rest 429`, async () => {
    const player = await createPlayer(t);
    checks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: burst }, () =>
        loginOn(t.app, player.email, 'wrong guess!', '10.80.0.1'),
      ),
    );
    expect(checks).toHaveBeenCalledTimes(throttlePolicies.pair.maxFailures);
    expect(statuses(answers)).toEqual({ 401: 5, 429: burst - 5 });
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(errorOf(res).code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Locked now: even the right password is not checked.
    const after = await loginOn(t.app, player.email, player.password, '10.80.0.1');
    expect(after.statusCode).toBe(429);
    expect(checks).toHaveBeenCalledTimes(5);
  });

  it('the right password inside a burst of 30 signs in only if it was among the 5 checked', async () => {
    const player = await createPlayer(t);
    checks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginOn(t.app, player.email, i === 20 ? player.password : `guess ${i}`, '10.81.0.1'),
      ),
    );
    const counts = statuses(answers);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(5);
    // Every check has its answer (401 or the one 201); everything else was refused unchecked.
    expect((counts[401] ?? 0) + (counts[201] ?? 0)).toBe(checks.mock.calls.length);
    expect(counts[429]).toBe(30 - checks.mock.calls.length);
    const checkedPasswords = checks.mock.calls.map((call) => call[1]);
    expect(answers[20]?.statusCode).toBe(checkedPasswords.includes(player.password) ? 201 : 429);
  });

  it('spreads no extra attempts over two instances on one database', async () => {
    const player = await createPlayer(t);
    // A second app on the same database: another instance of the server.
    const other = await buildApp({
      config: t.config,
      db: t.db,
      clock: { now: () => new Date() },
      mailer: createMemoryMailer(),
      logger: createLogger(t.config),
    });
    checks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        loginOn(i % 2 === 0 ? t.app : other, player.email, 'wrong guess!', '10.82.0.1'),
      ),
    );
    expect(checks).toHaveBeenCalledTimes(5);
    expect(statuses(answers)).toEqual({ 401: 5, 429: burst - 5 });
    // Not closed: closing an app closes its database, which `t` still uses.
  });

  it(`${burst} parallel old-password guesses on PATCH /api/user/reset-password get 5 checks`, async () => {
    const player = await createPlayer(t);
    checks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: '/api/user/reset-password',
          remoteAddress: '10.83.0.1',
          headers: bearer(player.accessToken),
          payload: {
            oldPassword: `not it ${i}`,
            newPassword: 'another horse battery',
            repeatPassword: 'another horse battery',
          },
        }),
      ),
    );
    expect(checks).toHaveBeenCalledTimes(5);
    const counts = statuses(answers);
    expect(counts[429]).toBe(burst - 5);
    expect(Object.keys(counts).some((code) => Number(code) >= 500)).toBe(false);
  });

  it('a right and a wrong login racing never answer 500 and the right one signs in', async () => {
    const player = await createPlayer(t);
    for (let round = 0; round < 10; round++) {
      const ip = `10.84.0.${round}`;
      const [right, wrong] = await Promise.all([
        loginOn(t.app, player.email, player.password, ip),
        loginOn(t.app, player.email, 'wrong guess!', ip),
      ]);
      expect(right?.statusCode, right?.body).toBe(201);
      expect(wrong?.statusCode, wrong?.body).toBe(401);
    }
  });

  it('a success gives back the attempt it counted on the account and the IP', async () => {
    const player = await createPlayer(t);
    // 19 wrong from many places (account cap 20), then successes: none of them adds up to
    // a lock, so the owner keeps signing in.
    for (let i = 0; i < 19; i++) await loginOn(t.app, player.email, 'wrong', `10.85.${i}.1`);
    for (let i = 0; i < 5; i++) {
      const res = await loginOn(t.app, player.email, player.password, '10.85.200.1');
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it(`${burst} parallel wrong e-mailed codes count at most 5 tries; the right one after is refused`, async () => {
    const details = {
      username: `burst_${Date.now().toString(36).slice(-6)}`,
      email: `burst.${Date.now()}@example.com`,
      password: 'correct horse battery',
      dateOfBirth: '1990-04-12',
      acceptTerms: true,
    };
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...details, confirmPassword: details.password },
    });
    expect(registered.statusCode).toBe(201);
    const code = /\b(\d{6})\b/.exec(t.outbox.at(-1)?.text ?? '')?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: burst }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/verify',
          payload: { ...details, confirmPassword: details.password, otp: wrong },
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 400 || res.statusCode === 429)).toBe(true);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { ...details, confirmPassword: details.password, otp: code },
    });
    expect(right.statusCode).not.toBe(201);
    const stored = await t.db.execute<{ attempts: number }>(
      sql`select attempts from pending_registrations where email = ${details.email}`,
    );
    expect(stored.rows[0]?.attempts).toBe(5);
  });
});

describe('registration limit per IP (issue 17)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REGISTRATIONS_PER_IP_HOUR: '20' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('50 parallel registrations from one IP: 20 codes mailed, 30 refused, taken or not', async () => {
    const existing = await createPlayer(t);
    const before = t.outbox.length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const details = newPlayerDetails();
        return t.app
          .inject({
            method: 'POST',
            url: '/api/auth/register',
            remoteAddress: '10.90.0.1',
            payload: registrationBody(details),
          })
          .then((res) => ({ res, i }));
      }),
    );
    const counts = statuses(answers.map((a) => a.res));
    expect(counts).toEqual({ 201: 20, 429: 30 });
    expect(t.outbox.length - before).toBe(20);
    for (const { res } of answers.filter((a) => a.res.statusCode === 429)) {
      expect(errorOf(res).code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Limited, a taken address answers exactly like a free one: nothing to enumerate.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.90.0.1',
      payload: registrationBody({ ...newPlayerDetails(), email: existing.email }),
    });
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.90.0.1',
      payload: registrationBody(newPlayerDetails()),
    });
    expect(taken.statusCode).toBe(429);
    expect(free.statusCode).toBe(429);
    expect(errorOf(taken).message).toBe(errorOf(free).message);
    // Another address is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.90.0.2',
      payload: registrationBody(newPlayerDetails()),
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
