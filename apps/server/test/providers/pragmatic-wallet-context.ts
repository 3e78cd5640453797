// Shared by the Pragmatic wallet tests (pragmatic-wallet*.test.ts): the app with the wallet
// routes, a player with a launch, signed calls, and the ledger read back.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { acceptRawFormBodies } from '../../src/features/providers/callback-params';
import { createLaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { createPragmaticGames } from '../../src/features/providers/pragmatic/catalog-games';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import {
  pragmaticWalletPrefix,
  pragmaticWalletRoutes,
} from '../../src/features/providers/pragmatic/wallet-routes';
import type { ProviderSettings } from '../../src/features/providers/provider-settings';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { testDatabaseDriver } from '../helpers/test-database';
import { buildTestApp, type TestApp } from '../helpers/test-app';

export const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
export const game = 'vs20fruits';
export const otherGame = 'vs20other';
export const disabledGame = 'vs20gone';
/** The same routes with our catalog wired in (error 8), and with no secret key at all. */
export const wiredPrefix = '/test/pragmatic-wired';
export const noKeyPrefix = '/test/pragmatic-no-key';
export const providerId = 'PragmaticPlay';

export let t: TestApp;
export let s: ProviderSettings;
export let gameIds: Map<string, string>;
export const logLines: string[] = [];

export type Answer = Record<string, unknown> & { error: number; description: string };
export type Params = Record<string, string>;

export async function post(
  method: string,
  params: Params,
  options: { hash?: string; prefix?: string } = {},
): Promise<Answer> {
  const signed = { providerId, ...params };
  const body = new URLSearchParams({
    ...signed,
    hash: options.hash ?? pragmaticHash(signed, s.pragmatic.secretKey),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `${options.prefix ?? pragmaticWalletPrefix}/${method}.html`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
  // Always HTTP 200: the outcome is in `error`.
  expect(res.statusCode).toBe(200);
  return res.json<Answer>();
}

let references = 0;
/** 24 hex characters, as the studio's references are. */
export const reference = () =>
  `${(++references).toString(16).padStart(8, '0')}${randomBytes(8).toString('hex')}`;
export const roundId = () => String(100_000_000_000_000 + references);

export interface Player {
  userId: string;
  sessionId: string;
}

/** A player with a wallet (25.005 USD unless told) and, unless `launch` is false, a launch of `game`. */
export async function newPlayer(
  balance = 25_005n,
  launch: false | { ttlSeconds?: number; providerGameId?: string } = {},
): Promise<Player> {
  const player = await createTestPlayer(t.db, clock, balance);
  if (launch) {
    await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get(launch.providerGameId ?? game)!,
      userId: player.id,
      sessionId: player.sessionId,
      ...(launch.ttlSeconds === undefined ? {} : { ttlSeconds: launch.ttlSeconds }),
    });
  }
  return { userId: player.id, sessionId: player.sessionId };
}

/** The parameters of a bet or result, as the studio sends them. */
export const roundCall = (userId: string, amount: string, extra: Params = {}): Params => ({
  userId,
  gameId: game,
  roundId: roundId(),
  amount,
  reference: reference(),
  timestamp: '1795341300000',
  roundDetails: 'spin',
  ...extra,
});

export const balanceOf = async (userId: string) => (await t.app.wallet.getBalance(userId)).balance;

export interface EntryRow {
  kind: string;
  status: string;
  operation: string;
  amount: string;
  provider_tx_id: string;
  game_id: string | null;
  round_id: string | null;
  meta: Record<string, unknown> | null;
  [key: string]: unknown;
}

export const entriesOf = async (userId: string) =>
  (
    await t.db.execute<EntryRow>(sql`
      select kind, status, operation, amount::text as amount, provider_tx_id, game_id,
        round_id, meta
      from ledger_entries where user_id = ${userId}::uuid and provider = 'pragmatic'
      order by id`)
  ).rows;

export async function postAsProvider(method: string, fields: [string, string][]): Promise<Answer> {
  const all: [string, string][] = [['providerId', providerId], ...fields];
  const text = all
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  const hash = createHash('md5')
    .update(text + s.pragmatic.secretKey)
    .digest('hex');
  const res = await t.app.inject({
    method: 'POST',
    url: `${pragmaticWalletPrefix}/${method}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([...all, ['hash', hash]]).toString(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<Answer>();
}

// Concurrency is a PostgreSQL question: PGlite is one connection, so every call is serial.
export const onPostgres = testDatabaseDriver() === 'postgres';

/**
 * The app with the Pragmatic wallet routes of every file of the suite: registers the
 * file's beforeAll and afterAll (a file per topic shares this module and its helpers).
 */
export function usePragmaticWallet(): void {
  beforeAll(async () => {
    logLines.length = 0;
    const logger = createLogger(
      { logLevel: 'info', env: 'test' },
      { write: (line: string) => void logLines.push(line) },
    );
    t = await buildTestApp({ clock, logger });
    s = t.app.gameCatalog.settings;
    gameIds = new Map([
      ...(await seedGames(t.db, 'pragmatic', [
        catalogEntry({ providerGameId: game }),
        catalogEntry({ providerGameId: otherGame }),
      ])),
      ...(await seedGames(t.db, 'pragmatic', [catalogEntry({ providerGameId: disabledGame })], {
        enabled: false,
      })),
    ]);
    const sessions = createLaunchSessions({ launches: createLaunchRepository(t.db), clock });
    await t.app.register(async (instance) => {
      acceptRawFormBodies(instance);
      const base = { sessions, wallet: t.app.wallet, clock };
      await instance.register(pragmaticWalletRoutes, {
        ...base,
        prefix: wiredPrefix,
        settings: s.pragmatic,
        games: createPragmaticGames(t.db),
      });
      await instance.register(pragmaticWalletRoutes, {
        ...base,
        prefix: noKeyPrefix,
        settings: { ...s.pragmatic, secretKey: '' },
      });
    });
  });

  afterAll(async () => {
    await t.close();
  });
}
