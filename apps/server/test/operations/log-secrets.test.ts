import { randomBytes } from 'node:crypto';
import type { Payment } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { endorphinaWalletPrefix } from '../../src/features/providers/endorphina/wallet-routes';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { bearer, codeSentTo, login, newPlayerDetails, register, verify } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  buildCashierApp,
  cards,
  deposit,
  operatorToken,
  tokenize,
} from '../payments/payments-helpers';

/**
 * A player's journey at trace level, server side (issue 31, "Logs"): registration with its
 * e-mailed code, login, a card deposit, a provider's bet with its launch token and signature,
 * the statement, an operator call. Every line is JSON; every line of a request carries its
 * id; no password, code, token, signature, card number or CVC appears anywhere.
 */
describe('the log of a journey', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildCashierApp({
      clock: systemClock,
      logger: createLogger(
        { env: 'test', logLevel: 'trace' },
        { write: (line: string) => void lines.push(line) },
      ),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is JSON with request ids and holds no secret, token or card data', async () => {
    const details = newPlayerDetails();
    expect((await register(t, details)).statusCode).toBe(201);
    const code = codeSentTo(t.outbox, details.email);
    const verified = await verify(t, details, code);
    expect(verified.statusCode).toBe(201);
    const signedIn = await login(t, details.email, details.password);
    expect(signedIn.statusCode).toBe(201);
    const accessToken = signedIn.json<{ access_token: string }>().access_token;
    const refreshCookie = signedIn.cookies.find((c) => c.name.includes('refresh'))?.value ?? '';
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: bearer(accessToken),
    });
    const player = { ...details, id: me.json<{ id: string }>().id, accessToken, refreshToken: '' };

    const cvc = '739';
    const card = await tokenize(t, player, cards.approved, cvc);
    const paid = await deposit(t, player, {
      amount: '50.00',
      payment_method: card.json<{ id: string }>().id,
    });
    expect(paid.json<Payment>().status).toBe('succeeded');

    const game = 'endo-journey@ENDORPHINA';
    const ids = await seedGames(t.db, 'endorphina', [catalogEntry({ providerGameId: game })]);
    const launchToken = await recordTestLaunch(t.db, systemClock, {
      provider: 'endorphina',
      gameId: ids.get(game)!,
      userId: player.id,
    });
    const params: Record<string, string> = {
      token: launchToken,
      currency: 'USD',
      game,
      player: player.id,
      gameId: '1000000077',
      date: String(Date.now()),
      amount: '1000',
      id: `journey-${randomBytes(4).toString('hex')}`,
    };
    const sign = endorphinaSign(params, t.app.gameCatalog.settings.endorphina.salt);
    const bet = await t.app.inject({
      method: 'POST',
      url: `${endorphinaWalletPrefix}/bet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...params, sign }).toString(),
    });
    expect(bet.statusCode).toBe(200);
    // Endorphina's GET calls carry the token and the signature in the query string.
    const balanceParams = { token: launchToken };
    await t.app.inject({
      method: 'GET',
      url: `${endorphinaWalletPrefix}/balance?${new URLSearchParams({
        ...balanceParams,
        sign: endorphinaSign(balanceParams, t.app.gameCatalog.settings.endorphina.salt),
      }).toString()}`,
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions?limit=10',
      headers: bearer(accessToken),
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/operator/payments?status=pending',
      headers: { authorization: `Bearer ${operatorToken}` },
    });

    expect(lines.length).toBeGreaterThan(20);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = parsed.filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const line of requestLines) expect(line.requestId, JSON.stringify(line)).toBeTruthy();

    const log = lines.join('\n');
    const secrets = {
      password: details.password,
      code,
      accessToken,
      refreshCookie,
      launchToken,
      sign,
      operatorToken,
      cardNumber: cards.approved.replaceAll(' ', ''),
      cvc: `"${cvc}"`,
    };
    for (const [name, value] of Object.entries(secrets)) {
      if (value === '') continue;
      expect(log.includes(value), `${name} appears in the log`).toBe(false);
    }
    // No JWT of any kind, nor a card number with spaces.
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
    expect(log).not.toContain(cards.approved);
  });
});
