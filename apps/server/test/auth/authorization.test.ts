import { staffRoutes } from '@casino/contracts/operator';
import { errorResponseSchema } from '@casino/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
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
import { buildTestApp, testSecrets, type TestApp } from '../helpers/test-app';

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

/** A payment id nobody has: the guard must answer before the route looks it up. */
const matrixPaymentId = '00000000-0000-4000-8000-000000000000';

/**
 * How each protected route is guarded: `player` behind app.authenticate (a signed-in
 * player's bearer access token), `operator` behind the operator API's bearer token,
 * `optional` signing-in optional (a guest is served, but a token that is sent must be valid).
 */
type Guard = 'player' | 'operator' | 'optional';

interface MatrixRow {
  guard: Guard;
  /** A request that passes the route's validation, so only the token decides. */
  request: InjectOptions;
}

/**
 * EVERY route that takes a bearer token, keyed as the OpenAPI document names it. A route
 * added behind a token without a row here fails "covers every bearer route".
 */
const matrix: Record<string, MatrixRow> = {
  'DELETE /api/auth/logout': {
    guard: 'player',
    request: { method: 'DELETE', url: '/api/auth/logout' },
  },
  'GET /api/user/me': { guard: 'player', request: { method: 'GET', url: '/api/user/me' } },
  'PATCH /api/user/setting': {
    guard: 'player',
    request: { method: 'PATCH', url: '/api/user/setting', payload: { username: 'matrix_name' } },
  },
  'POST /api/user/verify-setting': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/verify-setting', payload: { data: '123456' } },
  },
  'PATCH /api/user/reset-password': {
    guard: 'player',
    request: {
      method: 'PATCH',
      url: '/api/user/reset-password',
      payload: {
        oldPassword: 'old secret',
        newPassword: 'new secret',
        repeatPassword: 'new secret',
      },
    },
  },
  'GET /api/user/sessions': {
    guard: 'player',
    request: { method: 'GET', url: '/api/user/sessions' },
  },
  'DELETE /api/user/sessions': {
    guard: 'player',
    request: { method: 'DELETE', url: '/api/user/sessions' },
  },
  'DELETE /api/user/sessions/{id}': {
    guard: 'player',
    request: { method: 'DELETE', url: `/api/user/sessions/${matrixPaymentId}` },
  },
  'GET /api/user/two-factor': {
    guard: 'player',
    request: { method: 'GET', url: '/api/user/two-factor' },
  },
  'POST /api/user/two-factor/setup': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/two-factor/setup' },
  },
  'POST /api/user/two-factor/confirm': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/two-factor/confirm', payload: { code: '123456' } },
  },
  'POST /api/user/two-factor/recovery-codes': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes',
      payload: { code: '123456' },
    },
  },
  'POST /api/user/two-factor/disable': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/user/two-factor/disable',
      payload: { password: 'matrix secret', code: '123456' },
    },
  },
  'POST /api/user/change/avatar': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/change/avatar' },
  },
  'GET /api/wallet/transactions': {
    guard: 'player',
    request: { method: 'GET', url: '/api/wallet/transactions?limit=20' },
  },
  'GET /api/wallet/stream': {
    guard: 'player',
    request: { method: 'GET', url: '/api/wallet/stream' },
  },
  'GET /api/payments/config': {
    guard: 'player',
    request: { method: 'GET', url: '/api/payments/config' },
  },
  'GET /api/payments/cards': {
    guard: 'player',
    request: { method: 'GET', url: '/api/payments/cards' },
  },
  'GET /api/payments': { guard: 'player', request: { method: 'GET', url: '/api/payments' } },
  'GET /api/payments/{id}': {
    guard: 'player',
    request: { method: 'GET', url: `/api/payments/${matrixPaymentId}` },
  },
  'POST /api/payments/card/deposits': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/card/deposits',
      payload: { amount: '10.00', payment_method: 'pm_matrix', idempotency_key: 'matrix-card-1' },
    },
  },
  'POST /api/payments/crypto/deposits': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/crypto/deposits',
      payload: { amount: '10.00', net: 'ETH', idempotency_key: 'matrix-crypto-1' },
    },
  },
  'POST /api/payments/card/withdrawals': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/card/withdrawals',
      payload: { amount: '10.00', payment_method: 'pm_matrix', idempotency_key: 'matrix-card-2' },
    },
  },
  'POST /api/payments/crypto/withdrawals': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/crypto/withdrawals',
      payload: {
        amount: '10.00',
        net: 'ETH',
        address: `0x${'a'.repeat(40)}`,
        idempotency_key: 'matrix-crypto-2',
      },
    },
  },
  'POST /api/payments/{id}/cancel': {
    guard: 'player',
    request: { method: 'POST', url: `/api/payments/${matrixPaymentId}/cancel` },
  },
  'GET /api/identity': { guard: 'player', request: { method: 'GET', url: '/api/identity' } },
  'POST /api/identity/documents/{kind}': {
    guard: 'player',
    request: { method: 'POST', url: '/api/identity/documents/identity' },
  },
  'GET /api/user/export': { guard: 'player', request: { method: 'GET', url: '/api/user/export' } },
  'POST /api/user/close': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/close', payload: { password: 'matrix' } },
  },
  'GET /api/responsible-gaming': {
    guard: 'player',
    request: { method: 'GET', url: '/api/responsible-gaming' },
  },
  'PUT /api/responsible-gaming/limits': {
    guard: 'player',
    request: {
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      payload: { kind: 'loss', period: 'day', amount: '10.00' },
    },
  },
  'POST /api/responsible-gaming/limits/confirm': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/responsible-gaming/limits/confirm',
      payload: { kind: 'loss', period: 'day' },
    },
  },
  'POST /api/responsible-gaming/limits/cancel': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/responsible-gaming/limits/cancel',
      payload: { kind: 'loss', period: 'day' },
    },
  },
  'PUT /api/responsible-gaming/session-limit': {
    guard: 'player',
    request: {
      method: 'PUT',
      url: '/api/responsible-gaming/session-limit',
      payload: { minutes: 60 },
    },
  },
  'POST /api/responsible-gaming/session-limit/confirm': {
    guard: 'player',
    request: { method: 'POST', url: '/api/responsible-gaming/session-limit/confirm' },
  },
  'PUT /api/responsible-gaming/reality-check': {
    guard: 'player',
    request: {
      method: 'PUT',
      url: '/api/responsible-gaming/reality-check',
      payload: { minutes: 30 },
    },
  },
  'POST /api/responsible-gaming/block': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/responsible-gaming/block',
      payload: { kind: 'time_out', duration: '24h' },
    },
  },
  'POST /api/responsible-gaming/block/lift': {
    guard: 'player',
    request: { method: 'POST', url: '/api/responsible-gaming/block/lift' },
  },
  'GET /api/responsible-gaming/session': {
    guard: 'player',
    request: { method: 'GET', url: '/api/responsible-gaming/session' },
  },
  'POST /api/responsible-gaming/session/stop': {
    guard: 'player',
    request: { method: 'POST', url: '/api/responsible-gaming/session/stop' },
  },
  'GET /api/operator/responsible-gaming/players/{userId}': {
    guard: 'operator',
    request: {
      method: 'GET',
      url: `/api/operator/responsible-gaming/players/${matrixPaymentId}`,
    },
  },
  'POST /api/operator/responsible-gaming/players/{userId}/limits': {
    guard: 'operator',
    request: {
      method: 'POST',
      url: `/api/operator/responsible-gaming/players/${matrixPaymentId}/limits`,
      payload: { kind: 'loss', period: 'day', amount: '10.00', reason: 'matrix', actor: 'm' },
    },
  },
  'POST /api/operator/responsible-gaming/players/{userId}/blocks': {
    guard: 'operator',
    request: {
      method: 'POST',
      url: `/api/operator/responsible-gaming/players/${matrixPaymentId}/blocks`,
      payload: { kind: 'time_out', duration: '24h', reason: 'matrix', actor: 'm' },
    },
  },
  'GET /api/bonus': { guard: 'player', request: { method: 'GET', url: '/api/bonus' } },
  'POST /api/bonus/claim': {
    guard: 'player',
    request: { method: 'POST', url: '/api/bonus/claim', payload: { offer_id: 'matrix-offer' } },
  },
  'POST /api/bonus/promo': {
    guard: 'player',
    request: { method: 'POST', url: '/api/bonus/promo', payload: { code: 'MATRIX' } },
  },
  'POST /api/bonus/{id}/cancel': {
    guard: 'player',
    request: { method: 'POST', url: '/api/bonus/1/cancel' },
  },
  'GET /api/support/thread': {
    guard: 'player',
    request: { method: 'GET', url: '/api/support/thread' },
  },
  'POST /api/support/messages': {
    guard: 'player',
    request: { method: 'POST', url: '/api/support/messages', payload: { text: 'matrix' } },
  },
  'POST /api/support/read': {
    guard: 'player',
    request: { method: 'POST', url: '/api/support/read', payload: { up_to: '1' } },
  },
  'GET /api/endo-game/launch': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/endo-game/launch?gameId=matrix-game' },
  },
  'GET /api/pragmatic/user-auth/{lang}/{gameId}': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/pragmatic/user-auth/en/matrix-game' },
  },
  'GET /api/provider2-game/launch': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/provider2-game/launch?gameId=matrix-game' },
  },
  'GET /api/total/games': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/total/games?sort=recent' },
  },
};

/**
 * Routes that answer 401 for credentials that are not a bearer token: the refresh cookie,
 * and the simulated third parties' own APIs (the studios' protocols, the payment sandboxes'
 * secret keys).
 */
const ownCredentials = (key: string) =>
  key === 'POST /api/auth/refresh' || /^\/(studios|sandbox)\//.test(key.split(' ')[1] ?? '');

/**
 * The staff routes (issue 28) come from their route table: every one but set-up and login is
 * behind the staff guard, which takes a staff session or the service account's token
 * (OPERATOR_API_TOKEN) and answers 401 before reading anything else.
 */
for (const [, route] of Object.entries(staffRoutes)) {
  if (route.permission === 'public') continue;
  const openApiPath = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
  const url = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    name === 'id' && route.path.includes('/chat/') ? '1' : matrixPaymentId,
  );
  matrix[`${route.method} ${openApiPath}`] = {
    guard: 'operator',
    request: {
      method: route.method,
      url,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    },
  };
}

const rowsOf = (guard: Guard) => Object.keys(matrix).filter((key) => matrix[key]?.guard === guard);

type Operation = [key: string, url: string, method: string, bearer: boolean];

interface OpenApiOperations {
  paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
}

/** A 401 in the API's error shape (SPEC §8), with the code UNAUTHORIZED. */
function expectUnauthorized(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
  const body = errorResponseSchema.safeParse(res.json());
  expect(body.success, `${label}: ${res.body}`).toBe(true);
  expect(body.data?.error.code, label).toBe('UNAUTHORIZED');
  expect(body.data?.error.requestId, label).toBe(res.headers['x-request-id']);
}

describe('authorisation matrix: every bearer route', () => {
  const operatorToken = 'matrix-operator-token-0123456789abcdef';
  let t: TestApp;
  let player: SignedInPlayer;
  /** Every documented operation: its key, a URL for it, its method, bearer security. */
  let operations: Operation[];
  beforeAll(async () => {
    t = await buildTestApp({ env: { OPERATOR_API_TOKEN: operatorToken } });
    player = await createPlayer(t);
    const doc = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json<OpenApiOperations>();
    operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]): Operation => [
        `${method.toUpperCase()} ${path}`,
        path.replace(/\{[^}]+\}/g, 'x'),
        method.toUpperCase(),
        (operation.security ?? []).some((entry) => 'bearerAuth' in entry),
      ]),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  /** A signed access token of the player's own session, valid but for its times. */
  const accessToken = (times: { issuedAt: number; expiresAt: number }) =>
    signAccessToken({
      userId: player.id,
      sessionId: String(decodeJwt(player.accessToken).sid),
      issuedAt: times.issuedAt,
      ttlSeconds: times.expiresAt - times.issuedAt,
    });

  const send = (key: string, authorization?: string) => {
    const row = matrix[key];
    if (!row) throw new Error(`no matrix row for ${key}`);
    const headers = { ...(row.request.headers ?? {}), ...(authorization ? { authorization } : {}) };
    return t.app.inject({ ...row.request, headers });
  };

  it('covers every bearer route: the OpenAPI security entries and what the app refuses', async () => {
    // Declared: the routes the document marks with bearer security are the player rows.
    const declared = operations.filter(([, , , bearer]) => bearer).map(([key]) => key);
    expect(declared.sort()).toEqual(rowsOf('player').sort());
    // Enforced: every documented route asked without a token; a 401 must be a matrix row
    // (app.authenticate and the operator check run before validation, so no body is needed)
    // or one of the routes that refuse for credentials of their own.
    const refused: string[] = [];
    for (const [key, url, method] of operations) {
      const res = await t.app.inject({ method: method as 'GET', url });
      if (res.statusCode === 401 && !ownCredentials(key)) refused.push(key);
    }
    expect(refused.sort()).toEqual([...rowsOf('player'), ...rowsOf('operator')].sort());
    // Optional sign-in: a documented route that refuses a bad token must be a matrix row.
    for (const [key, url, method] of operations) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      if (res.statusCode === 401 && !ownCredentials(key)) {
        expect(Object.keys(matrix), key).toContain(key);
      }
    }
  });

  it('no token: 401 on every player and operator route, a guest is served on the optional ones', async () => {
    for (const key of Object.keys(matrix)) {
      const res = await send(key);
      if (matrix[key]?.guard === 'optional') {
        expect(res.statusCode, `${key}: ${res.body}`).not.toBe(401);
        continue;
      }
      expectUnauthorized(res, key);
    }
  });

  it('a bad token: 401 everywhere (malformed, not a JWT, another scheme)', async () => {
    for (const key of Object.keys(matrix)) {
      for (const authorization of [
        'Bearer not-a-token',
        'Bearer ',
        `Basic ${player.accessToken}`,
      ]) {
        const res = await send(key, authorization);
        if (matrix[key]?.guard === 'optional' && authorization !== 'Bearer not-a-token') continue;
        expectUnauthorized(res, `${key} with "${authorization.slice(0, 12)}"`);
      }
    }
  });

  it('an expired token (or the wrong operator token): 401 everywhere', async () => {
    const now = Math.floor(Date.now() / 1000);
    // The same token with times still running is accepted: only its expiry is wrong below.
    const fresh = await accessToken({ issuedAt: now, expiresAt: now + 60 });
    expect((await me(t, fresh)).statusCode).toBe(200);
    const expired = await accessToken({ issuedAt: now - 20 * 60, expiresAt: now - 5 * 60 });
    for (const key of Object.keys(matrix)) {
      const token = matrix[key]?.guard === 'operator' ? `${operatorToken}x` : expired;
      expectUnauthorized(await send(key, `Bearer ${token}`), `${key} expired`);
    }
    // A player's token is not the operator's, however valid.
    expectUnauthorized(
      await send('POST /api/operator/wallet/adjustments', `Bearer ${player.accessToken}`),
      'operator route with a player token',
    );
  });

  it("a forged token (alg none, another key): 401 everywhere a player's token is taken", async () => {
    const claims = decodeJwt(player.accessToken);
    // The player's own claims, unsigned: the header says there is no signature to check.
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    // The same claims, signed by the server's own token code with a key that is not its own.
    const otherKey = await signAccessToken({
      userId: player.id,
      sessionId: String(claims.sid),
      secret: `${testSecrets.JWT_SECRET}-not`,
    });
    for (const key of [...rowsOf('player'), ...rowsOf('optional')]) {
      for (const [what, token] of [
        ['alg none', unsigned],
        ['another key', otherKey],
      ] as const) {
        expectUnauthorized(await send(key, `Bearer ${token}`), `${key} ${what}`);
      }
    }
  });

  it('a token of a signed-out session: 401 everywhere a player token is taken', async () => {
    const other = await createPlayer(t);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(other.accessToken),
    });
    expect(out.statusCode).toBe(204);
    for (const key of [...rowsOf('player'), ...rowsOf('optional')]) {
      expectUnauthorized(await send(key, `Bearer ${other.accessToken}`), `${key} signed out`);
    }
  });
});
