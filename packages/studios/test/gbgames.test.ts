import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gbSignature } from '../src/gbgames/signature';
import { fakeGbOperator, hmacHex } from './helpers/fake-gbgames';
import { PUBLIC, pathOf, spinUntil, studiosApp } from './helpers/studios-app';

const SECRET = 'gb-shared-secret';
const BASE = '/studios/gbgames';
const GAME = 'gb-matryoshka';

let operator: Awaited<ReturnType<typeof fakeGbOperator>>;
let studios: Awaited<ReturnType<typeof studiosApp>>;

beforeAll(async () => {
  operator = await fakeGbOperator(SECRET);
  studios = await studiosApp({
    gbgames: { publicUrl: `${PUBLIC}${BASE}`, secret: SECRET, operatorUrl: operator.url },
  });
});
afterAll(async () => {
  await studios.app.close();
  await operator.close();
});

const launch = (body: Record<string, unknown>, secret = SECRET) => {
  const raw = JSON.stringify({ timestamp: new Date().toISOString(), ...body });
  return studios.app.inject({
    method: 'POST',
    url: `${BASE}/api/v1/launch`,
    headers: { 'content-type': 'application/json', 'x-gb-signature': hmacHex(raw, secret) },
    payload: raw,
  });
};

async function openReal(token: string, playerId: string, cents: number): Promise<string> {
  operator.addPlayer(token, playerId, cents);
  const res = await launch({
    token,
    playerId,
    gameId: GAME,
    currency: 'USD',
    language: 'en',
    mode: 'real',
    returnUrl: 'https://casino.example/',
  });
  expect(res.statusCode).toBe(200);
  return pathOf(res.json<{ url: string }>().url);
}

describe('GB Games signatures', () => {
  it('is HMAC-SHA256 of the exact bytes, hex', () => {
    expect(gbSignature('{"a":1}', 'key')).toBe(hmacHex('{"a":1}', 'key'));
    // Whitespace is part of the signed bytes: a re-serialised body does not verify.
    expect(gbSignature('{"a": 1}', 'key')).not.toBe(gbSignature('{"a":1}', 'key'));
  });

  it('catalog: signed query string with a fresh timestamp; 401 otherwise', async () => {
    const query = `timestamp=${encodeURIComponent(new Date().toISOString())}`;
    const ok = await studios.app.inject({
      url: `${BASE}/api/v1/games?${query}`,
      headers: { 'x-gb-signature': hmacHex(query, SECRET) },
    });
    expect(ok.statusCode).toBe(200);
    const games = ok.json<{ status: string; games: Record<string, unknown>[] }>().games;
    expect(games).toHaveLength(80);
    expect(games.find((g) => g['gameId'] === GAME)).toMatchObject({
      name: 'Matryoshka',
      names: { en: 'Matryoshka', ru: 'Матрёшка' },
      demoUrl: expect.stringContaining('/play/demo?gameId=') as string,
    });
    const art = await studios.app.inject(pathOf(String(games[0]?.['imageUrl'])));
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);

    const bad = await studios.app.inject({
      url: `${BASE}/api/v1/games?${query}`,
      headers: { 'x-gb-signature': hmacHex(query, 'nope') },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    const staleQuery = 'timestamp=2020-01-01T00%3A00%3A00.000Z';
    const stale = await studios.app.inject({
      url: `${BASE}/api/v1/games?${staleQuery}`,
      headers: { 'x-gb-signature': hmacHex(staleQuery, SECRET) },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('launch: refuses a bad signature, a stale timestamp and an unknown game', async () => {
    expect(
      (await launch({ gameId: GAME, currency: 'USD', mode: 'demo' }, 'wrong')).statusCode,
    ).toBe(401);
    expect(
      (
        await launch({
          gameId: GAME,
          currency: 'USD',
          mode: 'demo',
          timestamp: '2020-01-01T00:00:00Z',
        })
      ).statusCode,
    ).toBe(401);
    const unknown = await launch({ gameId: 'gb-nothing', currency: 'USD', mode: 'demo' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'GAME_NOT_FOUND' });
    expect((await launch({ gameId: GAME, currency: 'USD', mode: 'real' })).statusCode).toBe(400);
  });
});

describe('GB Games play', () => {
  it('demo launch plays with studio money', async () => {
    const res = await launch({
      gameId: GAME,
      currency: 'USD',
      language: 'ru',
      mode: 'demo',
      returnUrl: 'https://casino.example/',
    });
    expect(res.statusCode).toBe(200);
    const gamePath = pathOf(res.json<{ url: string }>().url);
    const spin = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 5_000 },
    });
    expect(spin.json()).toMatchObject({ ok: true, bet: 5_000 });
  });

  it('real spins post a signed bet then a signed result, with decimal-string amounts', async () => {
    const gamePath = await openReal('gb-tok-1', 'pl-1', 100_00);
    const answers = await spinUntil(studios.app, gamePath, 1_000, (a) => (a.win ?? 0) > 0);
    const mine = operator.calls.filter((c) => c.body['playerId'] === 'pl-1');
    expect(mine.every((c) => c.signatureOk)).toBe(true);
    const bets = mine.filter((c) => c.body['type'] === 'bet');
    const results = mine.filter((c) => c.body['type'] === 'result');
    expect(bets).toHaveLength(answers.length);
    expect(results).toHaveLength(answers.length);
    expect(bets[0]?.body).toMatchObject({
      amount: '1.00',
      currency: 'USD',
      gameId: GAME,
      token: 'gb-tok-1',
    });
    expect(results.at(-1)?.body['betTransactionId']).toBe(bets.at(-1)?.body['transactionId']);
    expect(results.at(-1)?.body['amount']).toBe(((answers.at(-1)?.win ?? 0) / 1000).toFixed(2));
    expect(answers.at(-1)?.balance).toBe((operator.cents.get('pl-1') ?? 0) * 10);
  });

  it('insufficient funds is shown to the player', async () => {
    const gamePath = await openReal('gb-tok-2', 'pl-2', 50);
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    expect(res.json()).toMatchObject({ ok: false, error: 'INSUFFICIENT_FUNDS' });
  });

  it('a timed-out bet is retried with the same transactionId and applied once', async () => {
    const gamePath = await openReal('gb-tok-3', 'pl-3', 100_00);
    operator.fail('bet', 'timeout');
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    const answer = res.json<{ ok: boolean; win: number }>();
    expect(answer.ok).toBe(true);
    const bets = operator.calls.filter(
      (c) => c.body['playerId'] === 'pl-3' && c.body['type'] === 'bet',
    );
    expect(bets).toHaveLength(2);
    expect(bets[1]?.body['transactionId']).toBe(bets[0]?.body['transactionId']);
    expect(operator.cents.get('pl-3')).toBe(100_00 - 100 + answer.win / 10);
  });

  it('an unconfirmed bet is refunded with the bet transactionId', async () => {
    const gamePath = await openReal('gb-tok-4', 'pl-4', 100_00);
    operator.fail('bet', 'http500', 'http500', 'http500');
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    expect(res.json()).toMatchObject({ ok: false, error: 'WALLET_UNAVAILABLE' });
    const mine = operator.calls.filter((c) => c.body['playerId'] === 'pl-4');
    const bet = mine.find((c) => c.body['type'] === 'bet');
    const refund = mine.find((c) => c.body['type'] === 'refund');
    expect(refund?.signatureOk).toBe(true);
    expect(refund?.body).toMatchObject({
      betTransactionId: bet?.body['transactionId'],
      amount: '1.00',
    });
    expect(operator.cents.get('pl-4')).toBe(100_00);
  });
});
