import { errorResponseSchema } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createPlayer, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const operatorToken = 'hostile-operator-token-0123456789abcdefgh';

/**
 * Text no column can hold, sent where issue 17 found it answered 500, and a lone surrogate
 * (which a JSON body can carry): refused centrally (http/validator.ts) with 400
 * VALIDATION_FAILED naming the field, before any query runs.
 */
describe('NUL and lone surrogates in API input', () => {
  let t: TestApp;
  let player: SignedInPlayer;
  beforeAll(async () => {
    t = await buildTestApp({ env: { OPERATOR_API_TOKEN: operatorToken } });
    player = await createPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  function expectRefused(res: { statusCode: number; body: string }, field: string) {
    expect(res.statusCode, res.body).toBe(400);
    const body = errorResponseSchema.parse(JSON.parse(res.body));
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields?.map((f) => f.path)).toContain(field);
  }

  it.each([
    ['/api/endo-game/launch?gameId=%00', 'querystring.gameId'],
    ['/api/endo-game/launch?gameId=a%ED%A0%80', undefined],
    ['/api/provider2-game/launch?gameId=x%00y', 'querystring.gameId'],
    ['/api/pragmatic/user-auth/en/%00', 'params.gameId'],
    ['/api/total/games?search=%00', 'querystring.search'],
  ])('GET %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(player.accessToken) });
    // %ED%A0%80 (a surrogate's bytes) decodes to U+FFFD: harmless text, never a 5xx.
    if (field === undefined) expect(res.statusCode).toBeLessThan(500);
    else expectRefused(res, field);
  });

  it('the operator adjustment refuses a NUL in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator/wallet/adjustments',
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { user: 'a\u0000', amount: '1.00', reason: 'x', idempotencyKey: 'k-1' },
    });
    expectRefused(res, 'user');
  });

  it.each([
    ['\\ud800', 'a lone high surrogate'],
    ['\\udc00', 'a lone low surrogate'],
    ['\\u0000', 'a NUL'],
  ])('a JSON body with %s (%s) is refused', async (escape) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/check/username',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"ab${escape}cd"}`,
    });
    expectRefused(res, 'username');
  });

  it('a paired surrogate (an emoji) is ordinary text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/check/username',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"ab\\ud83d\\ude00"}',
    });
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode === 400) {
      // The username rules may refuse it, but not as unstorable text.
      expect(res.body).not.toContain('NUL');
    }
  });
});
