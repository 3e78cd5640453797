import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances, users } from '../../src/db/schema';
import { fixedClock } from '../../src/lib/clock';
import {
  codeSentTo,
  createPlayer,
  errorOf,
  newPlayerDetails,
  registrationBody,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

// 2026-03-10: someone born 2008-03-10 turns 18 today, 2008-03-11 tomorrow.
const clock = fixedClock(new Date('2026-03-10T12:00:00Z'));

describe('age and terms at registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });

  it('refuses anyone under 18 (the default MIN_AGE) with a clear message', async () => {
    const res = await register({
      ...registrationBody(newPlayerDetails()),
      dateOfBirth: '2008-03-11',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'UNDER_AGE',
      message: 'You must be at least 18 years old to play here.',
      fields: [{ path: 'dateOfBirth', message: 'underage' }],
    });
    expect(t.outbox).toHaveLength(0);
  });

  it('accepts an 18th birthday today', async () => {
    const res = await register({
      ...registrationBody(newPlayerDetails()),
      dateOfBirth: '2008-03-10',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('checks the age again at verification (the form is sent again with the code)', async () => {
    const player = newPlayerDetails();
    expect((await register(registrationBody(player))).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: {
        ...registrationBody(player),
        dateOfBirth: '2010-01-01',
        otp: codeSentTo(t.outbox, player.email),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('UNDER_AGE');
  });

  it('needs the date of birth as a real date and the terms accepted', async () => {
    const body = registrationBody(newPlayerDetails());
    const noDate = await register({ ...body, dateOfBirth: '' });
    expect(errorOf(noDate).fields).toContainEqual({
      path: 'dateOfBirth',
      message: 'dateofbirtherror',
    });
    const badDate = await register({ ...body, dateOfBirth: '2001-02-30' });
    expect(errorOf(badDate).fields).toContainEqual({
      path: 'dateOfBirth',
      message: 'dateofbirthinvalid',
    });
    const noTerms = await register({ ...body, acceptTerms: false });
    expect(errorOf(noTerms).fields).toContainEqual({
      path: 'acceptTerms',
      message: 'accepttermserror',
    });
  });

  it('records the date of birth and the accepted versions with time and IP', async () => {
    const player = await createPlayer(t);
    const [user] = await t.db
      .select({ dateOfBirth: users.dateOfBirth })
      .from(users)
      .where(eq(users.id, player.id));
    expect(user?.dateOfBirth).toBe('1990-04-12');
    const accepted = await t.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, player.id));
    expect(accepted).toEqual([
      expect.objectContaining({
        termsVersion: '1',
        privacyVersion: '1',
        acceptedAt: clock.now(),
        ip: '127.0.0.1',
      }),
    ]);
  });
});

describe('new terms are accepted at the next sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { TERMS_VERSION: '2026-06', PRIVACY_VERSION: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string, extra = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.4',
      payload: { email, password, ...extra },
    });
  const acceptancesOf = (userId: string) =>
    t.db
      .select()
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, userId))
      .orderBy(termsAcceptances.acceptedAt);

  it('refuses a session until the player accepts the changed version, then records it', async () => {
    const player = await createPlayer(t);
    expect((await login(player.email, player.password)).statusCode).toBe(201);

    // As if the player had accepted the version before this one (TERMS_VERSION changed).
    await t.db
      .update(termsAcceptances)
      .set({ termsVersion: '2026-01' })
      .where(eq(termsAcceptances.userId, player.id));
    clock.advance(60_000);

    const asked = await login(player.email, player.password);
    expect(asked.statusCode).toBe(409);
    expect(errorOf(asked)).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      message:
        'The Terms & Conditions (version 2026-06) and the Privacy Policy (version 3) have changed: accept them to sign in.',
    });
    expect(asked.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();

    // Accepting with a wrong password records nothing.
    expect((await login(player.email, 'not the password', { acceptTerms: true })).statusCode).toBe(
      401,
    );
    expect(await acceptancesOf(player.id)).toHaveLength(1);

    const accepted = await login(player.email, player.password, { acceptTerms: true });
    expect(accepted.statusCode).toBe(201);
    const rows = await acceptancesOf(player.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      termsVersion: '2026-06',
      privacyVersion: '3',
      acceptedAt: clock.now(),
      ip: '198.51.100.4',
    });
    // From now on no question is asked.
    expect((await login(player.email, player.password)).statusCode).toBe(201);
  });

  it('asks an account that never accepted any version (made before terms were recorded)', async () => {
    const player = await createPlayer(t);
    await t.db.delete(termsAcceptances).where(eq(termsAcceptances.userId, player.id));
    expect((await login(player.email, player.password)).statusCode).toBe(409);
    expect((await login(player.email, player.password, { acceptTerms: true })).statusCode).toBe(
      201,
    );
  });
});
