import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, solid } from '../helpers/images';
import {
  bearer,
  codeSentTo,
  createPlayer,
  login,
  me,
  newPlayerDetails,
  refreshCookie,
  type SignedInPlayer,
  signAccessToken,
} from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Player B never reads or changes player A: every account endpoint acts on the player of
 * the token only (no request names a user id), and a token is bound to its own session.
 */
describe('authorisation between players', () => {
  let t: TestApp;
  let a: SignedInPlayer;
  let b: SignedInPlayer;
  beforeAll(async () => {
    t = await buildTestApp();
    a = await createPlayer(t);
    b = await createPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const profileOf = async (player: SignedInPlayer) =>
    (await me(t, player.accessToken)).json<Record<string, unknown>>();

  it('GET /user/me: each token reads its own player only', async () => {
    const forA = await profileOf(a);
    const forB = await profileOf(b);
    expect(forA).toMatchObject({ id: a.id, email: a.email, username: a.username });
    expect(forB).toMatchObject({ id: b.id, email: b.email, username: b.username });
    expect(JSON.stringify(forA)).not.toContain(b.email);
  });

  it('a token is bound to its session: a signed token naming another player session fails', async () => {
    const bSession = decodeJwt(b.accessToken).sid as string;
    const mixed = await signAccessToken({ userId: a.id, sessionId: bSession });
    expect((await me(t, mixed)).statusCode).toBe(401);
  });

  it('PATCH /user/setting: B renaming itself leaves A alone; B cannot take A name', async () => {
    const before = await profileOf(a);
    const name = newPlayerDetails().username;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/setting',
      headers: bearer(b.accessToken),
      payload: { username: name },
    });
    expect(res.json()).toMatchObject({ user: { id: b.id, username: name } });
    expect(await profileOf(a)).toEqual(before);
    const steal = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/setting',
      headers: bearer(b.accessToken),
      payload: { username: a.username },
    });
    expect(steal.statusCode).toBe(409);
  });

  it('PATCH /user/setting (e-mail) and POST /user/verify-setting act on the caller', async () => {
    const wanted = newPlayerDetails().email;
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user/setting',
      headers: bearer(b.accessToken),
      payload: { email: wanted },
    });
    const code = codeSentTo(t.outbox, wanted);
    const byA = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify-setting',
      headers: bearer(a.accessToken),
      payload: { data: code },
    });
    expect(byA.statusCode).toBe(400);
    expect(await profileOf(a)).toMatchObject({ email: a.email });
    const byB = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify-setting',
      headers: bearer(b.accessToken),
      payload: { data: code },
    });
    expect(byB.json()).toMatchObject({ user: { id: b.id, email: wanted } });
    b = { ...b, email: wanted };
  });

  it('PATCH /user/reset-password: B changing its password leaves A password and sessions', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/reset-password',
      headers: bearer(b.accessToken),
      payload: {
        oldPassword: a.password,
        newPassword: 'b owns this now',
        repeatPassword: 'b owns this now',
      },
    });
    // A and B happen to share a password here: it is checked against B's account only.
    expect(res.statusCode).toBe(200);
    expect((await me(t, a.accessToken)).statusCode).toBe(200);
    expect((await login(t, a.email, a.password)).statusCode).toBe(201);
    expect((await login(t, b.email, 'b owns this now')).statusCode).toBe(201);
    b = { ...b, password: 'b owns this now' };
  });

  it('POST /user/change/avatar: B upload never touches A', async () => {
    const body = await multipart([
      { name: 'file', content: await solid(64, 64).png().toBuffer(), filename: 'b.png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: { ...bearer(b.accessToken), ...body.headers },
      payload: body.payload,
    });
    expect(res.json()).toMatchObject({ id: b.id });
    expect(await profileOf(a)).toMatchObject({ avatar: null });
  });

  it('POST /auth/refresh: a refresh token renews its own session, for its own player', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: b.refreshToken },
    });
    expect(res.statusCode).toBe(201);
    const access = res.json<{ access_token: string }>().access_token;
    expect(decodeJwt(access).sub).toBe(b.id);
    expect((await me(t, access)).json()).toMatchObject({ id: b.id });
    b = { ...b, accessToken: access, refreshToken: refreshCookie(res)?.value ?? '' };
  });

  it('two-factor: B turning it on changes nothing for A', async () => {
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/setup',
      headers: bearer(b.accessToken),
    });
    expect(setup.statusCode).toBe(200);
    const forA = await t.app.inject({
      method: 'GET',
      url: '/api/user/two-factor',
      headers: bearer(a.accessToken),
    });
    expect(forA.json()).toMatchObject({ enabled: false });
    // A confirming finds no set-up of its own (B's waits for B's code).
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/user/two-factor/confirm',
      headers: bearer(a.accessToken),
      payload: { code: '123456' },
    });
    expect(confirm.statusCode).toBe(409);
    expect((await login(t, a.email, a.password)).statusCode).toBe(201);
  });

  it('DELETE /auth/logout: B logging out ends B session only', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(b.accessToken),
    });
    expect(res.statusCode).toBe(204);
    expect((await me(t, b.accessToken)).statusCode).toBe(401);
    expect((await me(t, a.accessToken)).statusCode).toBe(200);
  });

  it('every player endpoint refuses a guest with 401', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/user/me'],
      ['PATCH', '/api/user/setting'],
      ['POST', '/api/user/verify-setting'],
      ['PATCH', '/api/user/reset-password'],
      ['POST', '/api/user/change/avatar'],
      ['DELETE', '/api/auth/logout'],
      ['GET', '/api/user/two-factor'],
      ['POST', '/api/user/two-factor/setup'],
      ['POST', '/api/user/two-factor/disable'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('UNAUTHORIZED');
    }
  });
});
