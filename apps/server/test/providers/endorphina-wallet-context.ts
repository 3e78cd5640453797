/**
 * Shared by the Endorphina wallet tests (endorphina-wallet*.test.ts): Endorphina's money
 * callbacks on the ledger, with the tests acting as the studio: signed form POSTs exactly as
 * packages/studios/src/endorphina/wallet-client.ts sends them, and the answers it reads back
 * (docs/protocols/endorphina.md, "Operator side").
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EndorphinaSettings } from '../../src/features/providers/endorphina/adapter';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { endorphinaWalletPrefix } from '../../src/features/providers/endorphina/wallet-routes';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, createTestPlayer, seedGames, type TestPlayer } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { buildTestApp, type TestApp } from '../helpers/test-app';

export const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
export const gameA = 'endo-a@ENDORPHINA';
export const gameB = 'endo-b@ENDORPHINA';
export const logLines: string[] = [];
export let t: TestApp;
export let settings: EndorphinaSettings;
export let gameIds: Map<string, string>;

export type Params = Record<string, string>;
export type Answer = { status: number; body: Record<string, unknown> };

export async function post(call: string, params: Params, sign?: string): Promise<Answer> {
  const body = new URLSearchParams({
    ...params,
    sign: sign ?? endorphinaSign(params, settings.salt),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `${endorphinaWalletPrefix}/${call}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

let seq = 0;
export const nextId = (prefix: string) =>
  `${prefix}${(seq += 1).toString(16)}${randomBytes(4).toString('hex')}`;
export const nextRound = () => String(1_000_000_000 + (seq += 1));

export interface Table {
  player: TestPlayer;
  token: string;
}

/** A funded player and a launch token of theirs, as a real launch records it. */
export async function table(
  balance = 25_005n,
  options: { ttlSeconds?: number; signInSession?: boolean; game?: string } = {},
): Promise<Table> {
  const player = await createTestPlayer(t.db, clock, balance);
  const token = await recordTestLaunch(t.db, clock, {
    provider: 'endorphina',
    gameId: gameIds.get(options.game ?? gameA)!,
    userId: player.id,
    sessionId: options.signInSession ? player.sessionId : null,
    ...(options.ttlSeconds === undefined ? {} : { ttlSeconds: options.ttlSeconds }),
  });
  return { player, token };
}

/** One round's calls as the studio builds them: the same round id and date on each. */
export function round(tbl: Table) {
  const base: Params = {
    token: tbl.token,
    currency: 'USD',
    game: gameA,
    player: tbl.player.id,
    gameId: nextRound(),
    date: String(clock.now().getTime()),
  };
  return {
    base,
    bet: (amount: number | string, id = nextId('b')): Params => ({
      ...base,
      amount: String(amount),
      id,
    }),
    win: (amount: number | string, betTransactionId: string, id?: string): Params => ({
      ...base,
      amount: String(amount),
      betTransactionId,
      ...(id === undefined ? {} : { id }),
    }),
    refund: (amount: number | string, betId: string): Params => ({
      ...base,
      amount: String(amount),
      id: betId,
    }),
  };
}

export const balanceOf = async (userId: string) => (await t.app.wallet.getBalance(userId)).balance;

export type Row = {
  kind: string;
  operation: string;
  provider_tx_id: string;
  amount: string;
  status: string;
};
/** The player's Endorphina rows, oldest first (the funding adjustment left out). */
export async function rowsOf(userId: string): Promise<Row[]> {
  const { rows } = await t.db.execute<Row>(sql`
    select kind, operation, provider_tx_id, amount::text as amount, status from ledger_entries
    where user_id = ${userId}::uuid and provider = 'endorphina' order by id`);
  return rows.map((r) => ({ ...r }));
}

export const transactionIdOf = (answer: Answer): string => {
  expect(answer.status).toBe(200);
  expect(typeof answer.body['transactionId']).toBe('string');
  return answer.body['transactionId'] as string;
};

/** The posting's row as stored: what a call left out was filled from the bet or the wallet. */
export async function stored(userId: string, kind: string) {
  const { rows } = await t.db.execute<{
    currency: string;
    game_id: string | null;
    round_id: string | null;
    bet_tx_id: string | null;
    amount: string;
  }>(sql`
    select currency, game_id, round_id, bet_tx_id, amount::text as amount from ledger_entries
    where user_id = ${userId}::uuid and provider = 'endorphina' and kind = ${kind}
    order by id desc limit 1`);
  return { ...rows[0] };
}

/**
 * The app with Endorphina's wallet routes for every file of the suite: registers the
 * file's beforeAll and afterAll (a file per topic shares this module and its helpers).
 */
export function useEndorphinaWallet(): void {
  beforeAll(async () => {
    logLines.length = 0;
    t = await buildTestApp({
      clock,
      logger: createLogger(
        { env: 'test', logLevel: 'trace' },
        { write: (line: string) => void logLines.push(line) },
      ),
    });
    settings = t.app.gameCatalog.settings.endorphina;
    gameIds = new Map([
      ...(await seedGames(t.db, 'endorphina', [
        catalogEntry({ providerGameId: gameA }),
        catalogEntry({ providerGameId: gameB }),
      ])),
      ...(await seedGames(t.db, 'pragmatic', [catalogEntry({ providerGameId: 'vs10x' })])),
    ]);
  });

  afterAll(async () => {
    await t.close();
  });
}
