import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pragmaticHash } from '../src/pragmatic/hash';
import { fakePragmaticOperator, ppHash } from './helpers/fake-pragmatic';
import { PUBLIC, pathOf, spinUntil, studiosApp } from './helpers/studios-app';

const LOGIN = 'casino_eur';
const SECRET = 'pp-secret-key';
const BASE = '/studios/pragmatic';
const API = `${BASE}/IntegrationService/v3/http/CasinoGameAPI`;
const SYMBOL = 'vs10zolotayarybka';

let operator: Awaited<ReturnType<typeof fakePragmaticOperator>>;
let studios: Awaited<ReturnType<typeof studiosApp>>;

beforeAll(async () => {
  operator = await fakePragmaticOperator(SECRET);
  studios = await studiosApp({
    pragmatic: {
      publicUrl: `${PUBLIC}${BASE}`,
      secureLogin: LOGIN,
      secretKey: SECRET,
      operatorUrl: operator.url,
    },
  });
});
afterAll(async () => {
  await studios.app.close();
  await operator.close();
});

const signedForm = (params: Record<string, string>, secret = SECRET): string =>
  new URLSearchParams({ ...params, hash: ppHash(params, secret) }).toString();

const post = (path: string, params: Record<string, string>, secret?: string) =>
  studios.app.inject({
    method: 'POST',
    url: `${API}/${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: signedForm(params, secret),
  });

async function openReal(token: string, userId: string, cents: number): Promise<string> {
  operator.addToken(token, userId, cents);
  const res = await post('game/url/', {
    secureLogin: LOGIN,
    symbol: SYMBOL,
    language: 'en',
    externalPlayerId: userId,
    playMode: 'REAL',
    country: 'DE',
    token,
    currency: 'EUR',
    platform: 'WEB',
    lobbyUrl: 'https://casino.example/lobby',
  });
  const body = res.json<{ error: number; gameURL: string }>();
  expect(body.error).toBe(0);
  const open = await studios.app.inject(pathOf(body.gameURL));
  expect(open.statusCode).toBe(302);
  return pathOf(open.headers.location as string);
}

describe('Pragmatic hash', () => {
  it('joins sorted key=value pairs with &, appends the secret, MD5 hex', () => {
    // md5("amount=1.00&reference=ref1&userId=421secret")
    expect(
      pragmaticHash({ userId: '421', reference: 'ref1', amount: '1.00', hash: 'x' }, 'secret'),
    ).toBe('64173fb89aa84f528c685fcce2fd6405');
  });
});

describe('Pragmatic Integration API', () => {
  it('getCasinoGames lists the games with the real gameList fields and an iconUrl', async () => {
    const res = await post('getCasinoGames/', { secureLogin: LOGIN, options: 'GetFeatures' });
    const body = res.json<{
      error: number;
      description: string;
      gameList: Record<string, unknown>[];
    }>();
    expect(body.error).toBe(0);
    expect(body.description).toBe('OK');
    expect(body.gameList).toHaveLength(136);
    for (const field of [
      'gameID',
      'gameName',
      'gameTypeID',
      'typeDescription',
      'technology',
      'platform',
      'demoGameAvailable',
      'aspectRatio',
      'technologyID',
      'gameIdNumeric',
      'jurisdictions',
      'frbAvailable',
      'variableFrbAvailable',
      'lines',
      'dataType',
      'iconUrl',
      'features',
    ]) {
      expect(body.gameList[0]).toHaveProperty(field);
    }
    const icon = await studios.app.inject(pathOf(String(body.gameList[0]?.['iconUrl'])));
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('serves the artwork where operators build it: /game_pic/square/200/{gameID}.png', async () => {
    const pic = await studios.app.inject(`${BASE}/game_pic/square/200/${SYMBOL}.png`);
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(pic.body).toContain('<svg');
    expect(
      (await studios.app.inject(`${BASE}/game_pic/square/200/vs10nosuch.png`)).statusCode,
    ).toBe(404);
  });

  it('opens a public demo from the provider-shaped link /gs2c/openGame.do?gameSymbol=', async () => {
    const open = await studios.app.inject(
      `${BASE}/gs2c/openGame.do?gameSymbol=${SYMBOL}&lang=en&cur=USD`,
    );
    expect(open.statusCode).toBe(302);
    const page = await studios.app.inject(pathOf(open.headers.location as string));
    // An English page titles the game in English, never with its Russian edition (issue 25).
    expect(page.body).toContain('<h1>Golden Fish</h1>');
    expect(page.body).not.toContain('Золотая рыбка');
  });

  it('accepts the hash without empty values on game/url/ (country sent, lobbyUrl empty)', async () => {
    const res = await post('game/url/', {
      secureLogin: LOGIN,
      symbol: SYMBOL,
      playMode: 'DEMO',
      country: 'MT',
      lobbyUrl: '',
    });
    expect(res.json()).toMatchObject({ error: 0 });
  });

  it('answers error 5 to a bad hash and to an unknown secureLogin', async () => {
    expect((await post('getCasinoGames/', { secureLogin: LOGIN }, 'wrong')).json()).toMatchObject({
      error: 5,
    });
    expect((await post('getCasinoGames/', { secureLogin: 'someone' })).json()).toMatchObject({
      error: 5,
    });
    const tampered = await studios.app.inject({
      method: 'POST',
      url: `${API}/game/url/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${signedForm({ secureLogin: LOGIN, symbol: SYMBOL, playMode: 'DEMO' })}&currency=EUR`,
    });
    expect(tampered.json()).toMatchObject({ error: 5 });
  });

  it('game/url/ gives an openGame.do link for DEMO, and error 8 for an unknown game', async () => {
    const res = await post('game/url/', {
      secureLogin: LOGIN,
      symbol: SYMBOL,
      playMode: 'DEMO',
      language: 'ru',
      currency: 'EUR',
      lobbyUrl: 'https://casino.example/',
    });
    const body = res.json<{ error: number; gameURL: string }>();
    expect(body.error).toBe(0);
    expect(body.gameURL).toMatch(
      /^http:\/\/studios\.test\/studios\/pragmatic\/gs2c\/openGame\.do\?tc=[0-9a-f]+&stylename=casino_eur$/,
    );
    const open = await studios.app.inject(pathOf(body.gameURL));
    const page = await studios.app.inject(pathOf(open.headers.location as string));
    expect(page.body).toContain('Золотая рыбка');
    expect(page.body).toContain('Крутить');
    expect(
      (
        await post('game/url/', { secureLogin: LOGIN, symbol: 'vs10nosuchgame', playMode: 'DEMO' })
      ).json(),
    ).toMatchObject({ error: 8 });
    expect(
      (await post('game/url/', { secureLogin: LOGIN, symbol: SYMBOL, playMode: 'REAL' })).json(),
    ).toMatchObject({ error: 7 });
  });

  it('game/url/ REAL authenticates the token with the operator when the link opens', async () => {
    const gamePath = await openReal('pp-tok-1', 'user-1', 50_00);
    const auth = operator.calls.find(
      (c) => c.method === 'authenticate' && c.params['token'] === 'pp-tok-1',
    );
    expect(auth?.hashOk).toBe(true);
    expect(auth?.params).toMatchObject({ providerId: 'PragmaticPlay', gameId: SYMBOL });
    const page = await studios.app.inject(gamePath);
    expect(page.body).toContain('"currency":"EUR"');
  });
});

describe('Pragmatic Seamless Wallet calls', () => {
  it('bet, result and endRound per round, hashed, amounts with 2 decimals', async () => {
    const gamePath = await openReal('pp-tok-2', 'user-2', 100_00);
    const answers = await spinUntil(studios.app, gamePath, 500, (a) => (a.win ?? 0) > 0);
    const mine = operator.calls.filter((c) => c.params['userId'] === 'user-2');
    expect(mine.every((c) => c.hashOk)).toBe(true);
    const bets = mine.filter((c) => c.method === 'bet');
    const results = mine.filter((c) => c.method === 'result');
    const ends = mine.filter((c) => c.method === 'endRound');
    expect([bets.length, results.length, ends.length]).toEqual([
      answers.length,
      answers.length,
      answers.length,
    ]);
    expect(bets[0]?.params).toMatchObject({
      amount: '0.50',
      gameId: SYMBOL,
      providerId: 'PragmaticPlay',
      roundDetails: 'spin',
    });
    expect(bets[0]?.params['roundId']).toMatch(/^\d{15}$/);
    expect(bets[0]?.params['reference']?.length).toBeLessThanOrEqual(32);
    expect(results.at(-1)?.params['roundId']).toBe(bets.at(-1)?.params['roundId']);
    expect(results.at(-1)?.params['amount']).toBe(((answers.at(-1)?.win ?? 0) / 1000).toFixed(2));
    expect(answers.at(-1)?.balance).toBe((operator.cents.get('user-2') ?? 0) * 10);
  });

  it('sends bonusCode= empty, a prize drop on the 15th round and a bonusWin after the 20th', async () => {
    const gamePath = await openReal('pp-tok-6', 'user-6', 100_00);
    for (let i = 0; i < 20; i++) {
      const res = await studios.app.inject({
        method: 'POST',
        url: `${gamePath}/spin`,
        payload: { bet: 500 },
      });
      expect(res.json()).toMatchObject({ ok: true });
    }
    const mine = operator.calls.filter((c) => c.params['userId'] === 'user-6');
    expect(mine.every((c) => c.hashOk)).toBe(true);
    const results = mine.filter((c) => c.method === 'result');
    expect(results).toHaveLength(20);
    expect(results[0]?.params['bonusCode']).toBe('');
    expect(results[14]?.params).toMatchObject({
      promoWinAmount: '0.50',
      promoCampaignID: '3301',
      promoCampaignType: 'R',
    });
    expect(results.filter((c) => c.params['promoWinAmount'] !== undefined)).toHaveLength(1);
    const bonus = mine.filter((c) => c.method === 'bonusWin');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]?.params['bonusCode']).toBe(results[19]?.params['bonusCode']);
    expect(bonus[0]?.params['bonusCode']).toMatch(/^frb\d+$/);
    expect(bonus[0]?.params['amount']).toBe(results[19]?.params['amount']);
  });

  it('maps error 1 to insufficient funds', async () => {
    const gamePath = await openReal('pp-tok-3', 'user-3', 20);
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    expect(res.json()).toMatchObject({ ok: false, error: 'INSUFFICIENT_FUNDS' });
  });

  it('retries error 100 and timeouts with the same reference', async () => {
    const gamePath = await openReal('pp-tok-4', 'user-4', 100_00);
    operator.fail('bet', 'internal');
    operator.fail('result', 'timeout');
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    const answer = res.json<{ ok: boolean; win: number }>();
    expect(answer.ok).toBe(true);
    const mine = operator.calls.filter((c) => c.params['userId'] === 'user-4');
    const bets = mine.filter((c) => c.method === 'bet');
    const results = mine.filter((c) => c.method === 'result');
    expect(bets).toHaveLength(2);
    expect(bets[1]?.params['reference']).toBe(bets[0]?.params['reference']);
    expect(results).toHaveLength(2);
    expect(results[1]?.params['reference']).toBe(results[0]?.params['reference']);
    expect(operator.cents.get('user-4')).toBe(100_00 - 100 + answer.win / 10);
  });

  it('refunds an unconfirmed bet with the ORIGINAL bet reference', async () => {
    const gamePath = await openReal('pp-tok-5', 'user-5', 100_00);
    operator.fail('bet', 'http500', 'http500', 'http500');
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    expect(res.json()).toMatchObject({ ok: false, error: 'WALLET_UNAVAILABLE' });
    const mine = operator.calls.filter((c) => c.params['userId'] === 'user-5');
    const bet = mine.find((c) => c.method === 'bet');
    const refund = mine.find((c) => c.method === 'refund');
    expect(refund?.hashOk).toBe(true);
    expect(refund?.params).toMatchObject({
      reference: bet?.params['reference'],
      amount: '1.00',
      roundId: bet?.params['roundId'],
    });
    expect(operator.cents.get('user-5')).toBe(100_00);
  });
});
