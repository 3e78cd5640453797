import { createHash } from 'node:crypto';
import type { ProviderSlug } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import type { ProviderSettings } from '../../src/features/providers/provider-settings';
import { fixedClock } from '../../src/lib/clock';
import { catalogEntry, createTestPlayer, seedGames, type TestPlayer } from '../helpers/games';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { recordTestLaunch } from '../helpers/launch-tokens';

const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
let t: TestApp;
let s: ProviderSettings;
let player: TestPlayer;
let gameIds: Map<string, string>;

/** A launch token as a launch would record it (valid for an hour from the clock's now). */
const tokenFor = (provider: ProviderSlug, providerGameId: string, userId = player.id) =>
  recordTestLaunch(t.db, clock, { provider, gameId: gameIds.get(providerGameId)!, userId });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  s = t.app.gameCatalog.settings;
  // 25.005 USD: a balance finer than a cent, to check each protocol's unit.
  player = await createTestPlayer(t.db, clock, 25_005n);
  gameIds = new Map([
    ...(await seedGames(t.db, 'endorphina', [
      catalogEntry({ providerGameId: 'endo-a@ENDORPHINA' }),
    ])),
    ...(await seedGames(t.db, 'pragmatic', [
      catalogEntry({ providerGameId: 'vs10a' }),
      catalogEntry({ providerGameId: 'vs10b' }),
    ])),
    ...(await seedGames(t.db, 'gbgames', [catalogEntry({ providerGameId: 'gb-a' })])),
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('Endorphina session and balance', () => {
  const call = async (path: string, params: Record<string, string>, sign?: string) => {
    const query = new URLSearchParams({
      ...params,
      sign: sign ?? endorphinaSign(params, s.endorphina.salt),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/endo-game/wallet/${path}?${query.toString()}`,
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };

  it('answers session with the player, currency and game the token was issued for', async () => {
    const token = await tokenFor('endorphina', 'endo-a@ENDORPHINA');
    expect(await call('session', { token })).toEqual({
      status: 200,
      body: { player: player.id, currency: 'USD', game: 'endo-a@ENDORPHINA' },
    });
  });

  it('answers balance as an integer of thousandths', async () => {
    const token = await tokenFor('endorphina', 'endo-a@ENDORPHINA');
    expect(await call('balance', { token })).toEqual({ status: 200, body: { balance: 25_005 } });
  });

  it('refuses a wrong, missing or value-sorted sign with 401 ACCESS_DENIED', async () => {
    const token = await tokenFor('endorphina', 'endo-a@ENDORPHINA');
    const denied = { status: 401, body: { code: 'ACCESS_DENIED', message: 'bad sign' } };
    expect(await call('session', { token }, 'f'.repeat(40))).toEqual(denied);
    expect(await call('session', { token }, endorphinaSign({ token }, 'other-salt'))).toEqual(
      denied,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/endo-game/wallet/balance?token=${token}`,
    });
    expect(res.statusCode).toBe(401);
    // A repeated parameter makes the signed set ambiguous: refused too.
    const sign = endorphinaSign({ token }, s.endorphina.salt);
    const repeated = await t.app.inject({
      method: 'GET',
      url: `/api/endo-game/wallet/session?token=${token}&token=x&sign=${sign}`,
    });
    expect(repeated.statusCode).toBe(401);
  });

  it('answers TOKEN_NOT_FOUND (404) for an unknown token or another provider’s', async () => {
    expect(await call('session', { token: 'no-such-token' })).toMatchObject({
      status: 404,
      body: { code: 'TOKEN_NOT_FOUND' },
    });
    const pragmaticToken = await tokenFor('pragmatic', 'vs10a');
    expect(await call('balance', { token: pragmaticToken })).toMatchObject({ status: 404 });
    expect(await call('session', {})).toMatchObject({ status: 404 });
  });

  it('answers TOKEN_EXPIRED (403) once the token expired', async () => {
    const token = await tokenFor('endorphina', 'endo-a@ENDORPHINA');
    clock.advance(3600_000);
    try {
      expect(await call('session', { token })).toMatchObject({
        status: 403,
        body: { code: 'TOKEN_EXPIRED' },
      });
    } finally {
      clock.advance(-3600_000);
    }
  });

  it('answers the integration check: asked with SHA-1(param + salt), answered with SHA-1(nodeId + param + salt)', async () => {
    const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
    // The provider signs its check like every request: the values sorted by name, + salt.
    const incoming = sha1(`hello${s.endorphina.salt}`);
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/endo-game/wallet/check?param=hello&sign=${incoming}`,
    });
    expect(ok.statusCode).toBe(200);
    // Only the answer carries the node id, signed over nodeId and param.
    expect(ok.json()).toEqual({
      nodeId: s.endorphina.nodeId,
      param: 'hello',
      sign: sha1(`${s.endorphina.nodeId}hello${s.endorphina.salt}`),
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/endo-game/wallet/check?param=hello&sign=00',
    });
    expect(bad.statusCode).toBe(401);
    // The node id on the way in is not the provider's rule: refused.
    const withNode = sha1(`${s.endorphina.nodeId}hello${s.endorphina.salt}`);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/endo-game/wallet/check?param=hello&sign=${withNode}`,
    });
    expect(old.statusCode).toBe(401);
  });
});

describe('Pragmatic authenticate.html and balance.html', () => {
  const post = async (method: string, params: Record<string, string>, hash?: string) => {
    const body = new URLSearchParams({
      ...params,
      hash: hash ?? pragmaticHash(params, s.pragmatic.secretKey),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pragmatic/wallet/${method}.html`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
    expect(res.statusCode).toBe(200);
    return res.json<Record<string, unknown>>();
  };

  it('authenticates a launch token: userId, currency, cash (cents, rounded down), bonus', async () => {
    const token = await tokenFor('pragmatic', 'vs10a');
    expect(
      await post('authenticate', {
        token,
        providerId: 'PragmaticPlay',
        gameId: 'vs10a',
        ipAddress: '1.2.3.4',
      }),
    ).toEqual({
      userId: player.id,
      currency: 'USD',
      cash: 25,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
  });

  it('answers the balance by userId, with or without the token', async () => {
    const token = await tokenFor('pragmatic', 'vs10a');
    const expected = { currency: 'USD', cash: 25, bonus: 0, error: 0, description: 'Success' };
    expect(
      await post('balance', { userId: player.id, providerId: 'PragmaticPlay', token }),
    ).toEqual(expected);
    expect(await post('balance', { userId: player.id, providerId: 'PragmaticPlay' })).toEqual(
      expected,
    );
  });

  it('answers 5 for a missing or wrong hash, 7 for repeated or missing parameters', async () => {
    const token = await tokenFor('pragmatic', 'vs10a');
    const params = { token, providerId: 'PragmaticPlay' };
    expect(await post('authenticate', params, 'f'.repeat(32))).toMatchObject({ error: 5 });
    expect(await post('authenticate', params, pragmaticHash(params, 'wrong'))).toMatchObject({
      error: 5,
    });
    const noHash = await t.app.inject({
      method: 'POST',
      url: '/api/pragmatic/wallet/authenticate.html',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
    expect(noHash.json()).toMatchObject({ error: 5 });
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/pragmatic/wallet/authenticate.html',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&token=x&providerId=P&hash=${pragmaticHash(params, s.pragmatic.secretKey)}`,
    });
    expect(repeated.json()).toMatchObject({ error: 7 });
    expect(await post('authenticate', { providerId: 'PragmaticPlay' })).toMatchObject({ error: 7 });
    expect(await post('balance', { providerId: 'PragmaticPlay' })).toMatchObject({ error: 7 });
  });

  it('answers 4 for an unknown, expired, foreign or mismatched token', async () => {
    expect(await post('authenticate', { token: 'nope', providerId: 'P' })).toMatchObject({
      error: 4,
    });
    const endoToken = await tokenFor('endorphina', 'endo-a@ENDORPHINA');
    expect(await post('authenticate', { token: endoToken, providerId: 'P' })).toMatchObject({
      error: 4,
    });
    const token = await tokenFor('pragmatic', 'vs10a');
    expect(await post('authenticate', { token, providerId: 'P', gameId: 'vs10b' })).toMatchObject({
      error: 4,
    });
    const other = await createTestPlayer(t.db, clock);
    expect(await post('balance', { token, userId: other.id, providerId: 'P' })).toMatchObject({
      error: 4,
    });
    clock.advance(3600_000);
    try {
      expect(await post('authenticate', { token, providerId: 'P' })).toMatchObject({ error: 4 });
    } finally {
      clock.advance(-3600_000);
    }
  });

  it('answers 2 for a player it does not know', async () => {
    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await post('balance', { userId, providerId: 'P' })).toMatchObject({ error: 2 });
    }
  });

  it('parses form bodies on the provider callbacks only: the rest of the API still says 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('GB Games BetResult_url', () => {
  const send = async (
    message: Record<string, unknown>,
    options: { raw?: string; signature?: string } = {},
  ) => {
    const body = options.raw ?? JSON.stringify(message);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/game/BetResult_url',
      headers: {
        'content-type': 'application/json',
        'x-gb-signature': options.signature ?? gbSignature(body, s.gbgames.secret),
      },
      payload: body,
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const balance = (token: string, extra: Record<string, unknown> = {}) => ({
    type: 'balance',
    token,
    playerId: player.id,
    gameId: 'gb-a',
    currency: 'USD',
    timestamp: clock.now().toISOString(),
    ...extra,
  });

  it('answers a balance message with two decimals, rounded down', async () => {
    const token = await tokenFor('gbgames', 'gb-a');
    expect(await send(balance(token))).toEqual({
      status: 200,
      body: { status: 'OK', balance: '25.00', currency: 'USD' },
    });
  });

  it('checks the signature over the exact bytes, first', async () => {
    const token = await tokenFor('gbgames', 'gb-a');
    const message = balance(token);
    const signedCompact = gbSignature(JSON.stringify(message), s.gbgames.secret);
    const spaced = await send(message, {
      raw: JSON.stringify(message, null, 2),
      signature: signedCompact,
    });
    expect(spaced).toMatchObject({
      status: 401,
      body: { status: 'ERROR', code: 'INVALID_SIGNATURE' },
    });
    expect(
      await send(message, { signature: gbSignature(JSON.stringify(message), 'wrong') }),
    ).toMatchObject({
      status: 401,
    });
    expect(await send({}, { raw: 'not json', signature: '' })).toMatchObject({ status: 401 });
    expect(await send({}, { raw: 'not json' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
  });

  it('refuses a stale timestamp as an invalid signature', async () => {
    const token = await tokenFor('gbgames', 'gb-a');
    const stale = balance(token, {
      timestamp: new Date(clock.now().getTime() - 6 * 60_000).toISOString(),
    });
    expect(await send(stale)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
  });

  it('answers TOKEN_NOT_FOUND, TOKEN_EXPIRED, and refuses a token used for another player or game', async () => {
    expect(await send(balance('nope'))).toMatchObject({
      status: 404,
      body: { code: 'TOKEN_NOT_FOUND' },
    });
    const token = await tokenFor('gbgames', 'gb-a');
    expect(await send(balance(token, { gameId: 'gb-other' }))).toMatchObject({ status: 404 });
    expect(await send(balance(token, { playerId: 'p_1042' }))).toMatchObject({ status: 404 });
    expect(await send(balance(token, { currency: 'EUR' }))).toMatchObject({ status: 404 });
    clock.advance(3600_000);
    try {
      expect(await send(balance(token))).toMatchObject({
        status: 403,
        body: { code: 'TOKEN_EXPIRED' },
      });
    } finally {
      clock.advance(-3600_000);
    }
  });

  it('keeps the raw JSON parser to this route: other JSON routes still parse as before', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_JSON' } });
  });
});
