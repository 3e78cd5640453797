import { errorResponseSchema } from '@casino/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPlayer, me, type SignedInPlayer, signAccessToken } from '../helpers/players';
import { buildTestApp, testSecrets, type TestApp } from '../helpers/test-app';
import { matrix, ownCredentials, rowsOf } from './authorization-matrix-rows';

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
