import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endorphinaSign } from '../src/endorphina/sign';
import { EndorphinaWalletClient } from '../src/endorphina/wallet-client';
import { endoSign, fakeEndorphinaOperator } from './helpers/fake-endorphina';
import { PUBLIC, pathOf, spinUntil, studiosApp } from './helpers/studios-app';

const NODE = 'node-77';
const SALT = 's3cr3t-salt';
const BASE = '/studios/endorphina';
const GAME = 'endorphina_ZharPtitsa@ENDORPHINA';

let operator: Awaited<ReturnType<typeof fakeEndorphinaOperator>>;
let studios: Awaited<ReturnType<typeof studiosApp>>;

beforeAll(async () => {
  operator = await fakeEndorphinaOperator(SALT, NODE);
  studios = await studiosApp({
    endorphina: {
      publicUrl: `${PUBLIC}${BASE}`,
      nodeId: NODE,
      salt: SALT,
      operatorUrl: operator.url,
    },
  });
});
afterAll(async () => {
  await studios.app.close();
  await operator.close();
});

const launchUrl = (params: Record<string, string>): string => {
  const sign = endoSign(params, SALT);
  return `${BASE}/api/sessions/seamless/rest/v1?${new URLSearchParams({ ...params, sign }).toString()}`;
};

async function launch(token: string, player: string, balance: number): Promise<string> {
  operator.addToken(token, player, GAME, balance);
  const res = await studios.app.inject(
    launchUrl({ exit: 'https://casino.example/lobby', nodeId: NODE, token }),
  );
  expect(res.statusCode).toBe(302);
  return pathOf(res.headers.location as string);
}

describe('Endorphina sign', () => {
  it('sorts parameters by NAME, concatenates values, appends the salt, SHA-1 hex', () => {
    // Sorted by name: amount, currency, token → sha1("500" + "USD" + "abc" + "salt").
    expect(
      endorphinaSign({ token: 'abc', currency: 'USD', amount: '500', sign: 'ignored' }, 'salt'),
    ).toBe('28d0ccb9fff28b4512a893c39167078c2a75e398');
  });

  it('is not the sort-by-value bug: names a < b but values zzz > aaa', () => {
    const byName = endorphinaSign({ a: 'zzz', b: 'aaa' }, 'k');
    expect(byName).toBe('6c3b103ab4f5db818b8947490aa2a37bad51decc'); // sha1("zzzaaak")
    expect(byName).not.toBe('9d4268240cc58f03df9700a42511f6d26f46dd06'); // sha1("aaazzzk"), what sorting by value would sign
  });
});

describe('Endorphina catalog', () => {
  it('lists the games for a correctly signed request', async () => {
    const res = await studios.app.inject(
      `${BASE}/api/games?nodeId=${NODE}&sign=${endoSign({ nodeId: NODE }, SALT)}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ games: Record<string, unknown>[] }>();
    expect(body.games).toHaveLength(113);
    const game = body.games.find((g) => g['id'] === GAME);
    expect(game).toMatchObject({
      // The studio's title, and its editions for each lobby language (issue 25).
      name: 'Firebird',
      names: { en: 'Firebird', ru: 'Жар-птица' },
      category: 'slots',
      demo: expect.any(Boolean) as boolean,
    });
    expect(String(game?.['image'])).toMatch(
      /^http:\/\/studios\.test\/studios\/endorphina\/art\/v2\/.+\.svg$/,
    );
    const art = await studios.app.inject(pathOf(String(game?.['image'])));
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(art.headers['cache-control']).toContain('immutable');
    expect(art.body).toMatch(/^<svg [^>]*viewBox="0 0 300 400"/);
  });

  it('refuses a wrong sign or a wrong nodeId with 401', async () => {
    const bad = await studios.app.inject(`${BASE}/api/games?nodeId=${NODE}&sign=${'0'.repeat(40)}`);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ code: 'ACCESS_DENIED', message: expect.any(String) as string });
    const other = await studios.app.inject(
      `${BASE}/api/games?nodeId=other&sign=${endoSign({ nodeId: 'other' }, SALT)}`,
    );
    expect(other.statusCode).toBe(401);
  });
});

describe('Endorphina launch', () => {
  it('checks the sign, asks the operator for the session and opens the game', async () => {
    const gamePath = await launch('tok-launch', 'p-launch', 50_000);
    expect(gamePath).toMatch(/^\/studios\/endorphina\/game\/[0-9a-f]{32}$/);
    const sessionCall = operator.calls.find(
      (c) => c.method === 'session' && c.params['token'] === 'tok-launch',
    );
    expect(sessionCall?.signOk).toBe(true);
    const page = await studios.app.inject(gamePath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The launch asked for no language: the page is English, titled in English.
    expect(page.body).toContain('<h1>Firebird</h1>');
    expect(page.body).not.toContain('Жар-птица');
    expect(page.body).toContain('"balance":50000');
    expect(page.headers['content-security-policy']).toContain("script-src 'nonce-");
  });

  it('refuses a launch link with a bad sign (401) before calling the operator', async () => {
    const before = operator.calls.length;
    const params = { exit: 'https://casino.example/', nodeId: NODE, token: 'tok-x' };
    const res = await studios.app.inject(
      `${BASE}/api/sessions/seamless/rest/v1?${new URLSearchParams({ ...params, sign: endoSign({ ...params, token: 'tampered' }, SALT) })}`,
    );
    expect(res.statusCode).toBe(401);
    expect(operator.calls.length).toBe(before);
  });

  it('shows an error page for a token the operator does not know', async () => {
    const res = await studios.app.inject(
      launchUrl({ exit: 'https://casino.example/', nodeId: NODE, token: 'unknown' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('TOKEN_NOT_FOUND');
  });
});

describe('Endorphina demo', () => {
  it('plays with 1,000.00 of studio play money and no operator call', async () => {
    const before = operator.calls.length;
    const res = await studios.app.inject(
      `${BASE}/api/demo?game=${encodeURIComponent(GAME)}&exit=https://casino.example/&lang=ru`,
    );
    expect(res.statusCode).toBe(302);
    const gamePath = pathOf(res.headers.location as string);
    const page = await studios.app.inject(gamePath);
    expect(page.body).toContain('lang="ru"');
    // A Russian page titles the game with its Russian edition.
    expect(page.body).toContain('<h1>Жар-птица</h1>');
    const answers = await spinUntil(studios.app, gamePath, 1_000, (a) => (a.win ?? 0) > 0);
    const last = answers.at(-1);
    expect(last?.balance).toBe(1_000_000 - answers.length * 1_000 + (last?.win ?? 0));
    expect(operator.calls.length).toBe(before);
  });
});

describe('Endorphina demo host link API', () => {
  it('answers the demo page for the MD5 of a game id, with the exit encoded twice in the path', async () => {
    const hash = createHash('md5').update(GAME).digest('hex');
    const exit = 'https://casino.example/lobby?from=demo';
    const res = await studios.app.inject(
      `${BASE}/api/link/accountId/9789/hash/${hash}/returnURL/${encodeURIComponent(encodeURIComponent(exit))}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const link = new URL(res.body);
    expect(link.pathname).toMatch(/\/api\/demo$/);
    expect(link.searchParams.get('game')).toBe(GAME);
    expect(link.searchParams.get('exit')).toBe(exit);
    const unknown = await studios.app.inject(
      `${BASE}/api/link/accountId/9789/hash/${'0'.repeat(32)}/returnURL/x`,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('Endorphina real-money spins', () => {
  it('sends a signed bet, then a signed win (0 included) for every round', async () => {
    const gamePath = await launch('tok-play', 'p-play', 100_000);
    const answers = await spinUntil(studios.app, gamePath, 2_000, (a) => (a.win ?? 0) > 0);
    expect(answers.length).toBeGreaterThan(0);
    const mine = operator.calls.filter((c) => c.params['token'] === 'tok-play');
    expect(mine.every((c) => c.signOk)).toBe(true);
    const bets = mine.filter((c) => c.method === 'bet');
    const wins = mine.filter((c) => c.method === 'win');
    expect(bets).toHaveLength(answers.length);
    expect(wins).toHaveLength(answers.length);
    for (const bet of bets) {
      expect(bet.params).toMatchObject({
        amount: '2000',
        currency: 'USD',
        game: GAME,
        player: 'p-play',
      });
      expect(Object.keys(bet.params).sort()).toEqual(
        ['amount', 'currency', 'date', 'game', 'gameId', 'id', 'player', 'sign', 'token'].sort(),
      );
    }
    for (const win of wins) {
      // The public minimal shape: no currency or game (the operator takes them from the bet).
      expect(
        Object.keys(win.params)
          .filter((name) => name !== 'id')
          .sort(),
      ).toEqual(['amount', 'betTransactionId', 'date', 'gameId', 'player', 'sign', 'token']);
    }
    const lastWin = wins.at(-1);
    expect(lastWin?.params['amount']).toBe(String(answers.at(-1)?.win));
    expect(lastWin?.params['id']).toBeDefined();
    expect(lastWin?.params['betTransactionId']).toMatch(/^T\d+$/);
    expect(lastWin?.params['gameId']).toBe(bets.at(-1)?.params['gameId']);
    const zeroWin = wins.find((w) => w.params['amount'] === '0');
    if (zeroWin) expect(zeroWin.params['id']).toBeUndefined();
    expect(answers.at(-1)?.balance).toBe(operator.balances.get('p-play'));
  });

  it('reports insufficient funds and sends no win', async () => {
    const gamePath = await launch('tok-poor', 'p-poor', 500);
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    expect(res.json()).toMatchObject({ ok: false, error: 'INSUFFICIENT_FUNDS' });
    expect(
      operator.calls.filter((c) => c.params['token'] === 'tok-poor' && c.method === 'win'),
    ).toHaveLength(0);
    expect(operator.balances.get('p-poor')).toBe(500);
  });

  it('retries a timed-out bet with the same id and moves the money once', async () => {
    const gamePath = await launch('tok-slow', 'p-slow', 10_000);
    operator.fail('bet', 'timeout');
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    const answer = res.json<{ ok: boolean; win: number; balance: number }>();
    expect(answer.ok).toBe(true);
    const bets = operator.calls.filter(
      (c) => c.params['token'] === 'tok-slow' && c.method === 'bet',
    );
    expect(bets).toHaveLength(2);
    expect(bets[1]?.params).toEqual(bets[0]?.params);
    expect(operator.balances.get('p-slow')).toBe(10_000 - 1_000 + answer.win);
  });

  it('refunds a bet that stays unconfirmed, with the bet id', async () => {
    const gamePath = await launch('tok-down', 'p-down', 10_000);
    operator.fail('bet', 'http500', 'http500', 'http500');
    const res = await studios.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      payload: { bet: 1_000 },
    });
    expect(res.json()).toMatchObject({ ok: false, error: 'WALLET_UNAVAILABLE' });
    const mine = operator.calls.filter((c) => c.params['token'] === 'tok-down');
    const bets = mine.filter((c) => c.method === 'bet');
    const refunds = mine.filter((c) => c.method === 'refund');
    expect(bets).toHaveLength(3);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.signOk).toBe(true);
    expect(refunds[0]?.params['id']).toBe(bets[0]?.params['id']);
    expect(refunds[0]?.params['amount']).toBe('1000');
    expect(operator.balances.get('p-down')).toBe(10_000);
  });

  it('keeps retrying a refund in the background until the operator confirms it', async () => {
    const gamePath = await launch('tok-bg', 'p-bg', 10_000);
    operator.fail('bet', 'http500', 'http500', 'http500');
    operator.fail('refund', 'http500', 'http500', 'http500');
    await studios.app.inject({ method: 'POST', url: `${gamePath}/spin`, payload: { bet: 1_000 } });
    expect(studios.plugin.pendingRetries()).toBe(1);
    await studios.plugin.runPendingRetries();
    expect(studios.plugin.pendingRetries()).toBe(0);
    const refunds = operator.calls.filter(
      (c) => c.params['token'] === 'tok-bg' && c.method === 'refund',
    );
    expect(refunds).toHaveLength(4);
    expect(new Set(refunds.map((r) => r.params['id'])).size).toBe(1);
  });

  it('ends the session when the player returns to the lobby', async () => {
    const gamePath = await launch('tok-exit', 'p-exit', 10_000);
    const res = await studios.app.inject(`${gamePath}/exit`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://casino.example/lobby');
    const end = operator.calls.find(
      (c) => c.params['token'] === 'tok-exit' && c.method === 'endSession',
    );
    expect(end?.signOk).toBe(true);
  });

  it('runs the integration check against the operator', async () => {
    const client = new EndorphinaWalletClient(
      { callbackUrl: operator.url, nodeId: NODE, salt: SALT },
      { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 500 },
    );
    const result = await client.check('ping-123');
    expect(result.ok).toBe(true);
    const call = operator.calls.find((c) => c.method === 'check');
    expect(call?.signOk).toBe(true);
    // Asked with the standard rule over `param` alone: no node id on the way in.
    expect(Object.keys(call?.params ?? {}).sort()).toEqual(['param', 'sign']);
    expect(call?.params['sign']).toBe(createHash('sha1').update(`ping-123${SALT}`).digest('hex'));
  });
});
