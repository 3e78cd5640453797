import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { LaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { acceptRawFormBodies } from '../../src/features/providers/callback-params';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import {
  endorphinaWalletPrefix,
  endorphinaWalletRoutes,
} from '../../src/features/providers/endorphina/wallet-routes';
import { gbSignature, gbSignatureHeader } from '../../src/features/providers/gbgames/signature';
import { gbWalletPath, gbWalletRoutes } from '../../src/features/providers/gbgames/wallet-routes';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import {
  pragmaticWalletPrefix,
  pragmaticWalletRoutes,
} from '../../src/features/providers/pragmatic/wallet-routes';
import type { Ledger } from '../../src/features/wallet/ledger';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';

/**
 * The shared rule for a failed wallet callback's log (providers/failure-log.ts), through each
 * provider's own routes: a database failure whose message, properties and cause carry the
 * launch token, its hash and a query's bound values answers the protocol's retryable error
 * and logs `{ provider, call, failure, answered }`, with none of those values, nor the
 * signature or the secret.
 */

const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
const secret = 'shared-secret-Zx81-never-logged';
const token = `tok-${randomUUID()}`;
const tokenHash = 'c0ffee'.repeat(10) + 'beef';
const boundValue = `bound-${randomUUID()}`;
const player = randomUUID();

/** What Drizzle throws over the driver's error: the values are everywhere but line one. */
function leakyFailure(): Error {
  const driver = Object.assign(new Error(`connection terminated\nDETAIL: ${tokenHash} ${token}`), {
    code: '08006',
    detail: tokenHash,
    parameters: [token, tokenHash, boundValue],
  });
  return Object.assign(
    new Error(`Failed query: select $1, $2\nparams: ${token},${tokenHash},${boundValue}`, {
      cause: driver,
    }),
    { params: [token, tokenHash, boundValue], query: `select '${boundValue}'` },
  );
}

/** A dependency whose every method fails like the database above. */
const failing = <T>(): T => new Proxy({}, { get: () => () => Promise.reject(leakyFailure()) }) as T;

let app: FastifyInstance | undefined;
let lines: string[] = [];

afterEach(async () => {
  await app?.close();
  app = undefined;
  lines = [];
});

async function appWith(register: (scope: FastifyInstance) => PromiseLike<unknown>) {
  lines = [];
  const loggerInstance = createLogger(
    { logLevel: 'info', env: 'test' },
    { write: (line: string) => void lines.push(line) },
  );
  app = Fastify({ loggerInstance });
  await app.register(async (scope) => {
    acceptRawFormBodies(scope);
    await register(scope);
  });
  return app;
}

const deps = () => ({
  sessions: failing<LaunchSessions>(),
  wallet: failing<Ledger>(),
  clock,
});

/** The one failure line, checked for its shape and for every value that must stay out. */
function expectLoggedSafely(
  provider: string,
  call: string,
  answered: string | number,
  signature: string,
) {
  const failures = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record['failure'] !== undefined);
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatchObject({
    provider,
    call,
    answered,
    failure: { type: 'Error', message: 'connection terminated', sqlState: '08006' },
  });
  const log = lines.join('\n');
  for (const value of [token, tokenHash, boundValue, secret, signature, player, 'Failed query']) {
    expect(log).not.toContain(value);
  }
}

describe('a failed callback logs by the shared rule, never a token, hash or bound value', () => {
  it('Endorphina: session (GET) and bet (POST) answer INTERNAL_ERROR', async () => {
    const settings = { url: 'https://endo.example', nodeId: '1001', salt: secret };
    const a = await appWith((scope) =>
      scope.register(endorphinaWalletRoutes, {
        prefix: endorphinaWalletPrefix,
        settings,
        ...deps(),
      }),
    );
    const session = { token };
    const sign = endorphinaSign(session, secret);
    const res = await a.inject(
      `${endorphinaWalletPrefix}/session?${new URLSearchParams({ ...session, sign }).toString()}`,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'internal error, please retry' });
    expectLoggedSafely('endorphina', 'session', 'INTERNAL_ERROR', sign);

    lines = [];
    const bet = {
      token,
      player,
      currency: 'EUR',
      game: 'endorphina_Troy@ENDORPHINA',
      gameId: '42',
      amount: '1000',
      id: 'bet-1',
    };
    const betSign = endorphinaSign(bet, secret);
    const posted = await a.inject({
      method: 'POST',
      url: `${endorphinaWalletPrefix}/bet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...bet, sign: betSign }).toString(),
    });
    expect(posted.statusCode).toBe(500);
    expectLoggedSafely('endorphina', 'bet', 'INTERNAL_ERROR', betSign);
  });

  it('Pragmatic: authenticate and bet answer 100 (retry)', async () => {
    const settings = {
      apiUrl: 'https://pp.example/IntegrationService/v3/http/CasinoGameAPI',
      secureLogin: 'op',
      secretKey: secret,
      country: 'DE',
      imageUrl: null,
      demoUrl: 'https://demo.pp.example',
    };
    const a = await appWith((scope) =>
      scope.register(pragmaticWalletRoutes, {
        prefix: pragmaticWalletPrefix,
        settings,
        ...deps(),
      }),
    );
    const send = async (method: string, params: Record<string, string>) => {
      const hash = pragmaticHash(params, secret);
      const res = await a.inject({
        method: 'POST',
        url: `${pragmaticWalletPrefix}/${method}.html`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...params, hash }).toString(),
      });
      return { answer: res.json<Record<string, unknown>>(), hash };
    };
    const auth = await send('authenticate', { providerId: 'PragmaticPlay', token });
    expect(auth.answer).toEqual({ error: 100, description: 'Internal error, retry' });
    expectLoggedSafely('pragmatic', 'authenticate', 100, auth.hash);

    lines = [];
    const bet = await send('bet', {
      providerId: 'PragmaticPlay',
      userId: player,
      gameId: 'vs20fruits',
      roundId: '7',
      amount: '1.00',
      reference: boundValue.slice(0, 20),
    });
    expect(bet.answer).toEqual({ error: 100, description: 'Internal error, retry' });
    expectLoggedSafely('pragmatic', 'bet', 100, bet.hash);
  });

  it('GB Games: balance and bet answer 500 INTERNAL', async () => {
    const a = await appWith((scope) =>
      scope.register(gbWalletRoutes, {
        settings: { url: 'https://gb.example', secret },
        ...deps(),
      }),
    );
    const send = async (message: Record<string, string>) => {
      const body = JSON.stringify({ ...message, timestamp: clock.now().toISOString() });
      const signature = gbSignature(body, secret);
      const res = await a.inject({
        method: 'POST',
        url: gbWalletPath,
        headers: { 'content-type': 'application/json', [gbSignatureHeader]: signature },
        payload: body,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ status: 'ERROR', code: 'INTERNAL' });
      return signature;
    };
    const common = { token, playerId: player, gameId: 'gb-a', currency: 'EUR' };
    const balanceSignature = await send({ type: 'balance', ...common });
    expectLoggedSafely('gbgames', 'balance', 'INTERNAL', balanceSignature);

    lines = [];
    const betSignature = await send({
      type: 'bet',
      ...common,
      transactionId: 'tx-1',
      roundId: '123456789012345',
      amount: '1.00',
    });
    expectLoggedSafely('gbgames', 'bet', 'INTERNAL', betSignature);
  });
});
