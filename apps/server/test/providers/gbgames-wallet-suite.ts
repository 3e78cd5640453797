import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { ledgerEntries } from '../../src/db/schema';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { type TestApp, buildTestApp } from '../helpers/test-app';

/**
 * GB Games' money messages (docs/protocols/gbgames.md §5–8) on the ledger, with this test
 * acting as the studio: every message signed over its exact bytes with the shared secret and
 * sent to POST /api/game/BetResult_url.
 */
export const path = '/api/game/BetResult_url';
export const game = 'gb-a';

export interface Player {
  id: string;
  sessionId: string;
  token: string;
}

export const newId = () => randomBytes(12).toString('hex');
export const newRound = () => String(100_000_000_000_000 + Math.floor(Math.random() * 1e14));

export type Message = Record<string, unknown>;

/** The fields every message repeats from the launch, in the studio's order. */
const launchFields = (p: Player) => ({
  token: p.token,
  playerId: p.id,
  gameId: game,
  currency: 'USD',
});

export const balanceMessage = (p: Player): Message => ({ type: 'balance', ...launchFields(p) });

export const betMessage = (p: Player, transactionId: string, roundId: string, amount: string) => ({
  type: 'bet',
  transactionId,
  roundId,
  ...launchFields(p),
  amount,
});

const settlement =
  (type: 'result' | 'refund') =>
  (
    p: Player,
    transactionId: string,
    betTransactionId: string,
    roundId: string,
    amount: string,
  ) => ({
    type,
    transactionId,
    betTransactionId,
    roundId,
    ...launchFields(p),
    amount,
  });
export const resultMessage = settlement('result');
export const refundMessage = settlement('refund');

export interface Sent {
  status: number;
  body: Record<string, unknown>;
}

export const ok = (balance: string) => ({
  status: 200,
  body: { status: 'OK', balance, transactionId: expect.stringMatching(/^\d+$/) as unknown },
});
export const refused = (status: number, code: string) => ({
  status,
  body: { status: 'ERROR', code, message: expect.any(String) as unknown },
});

/**
 * The app with gb-a in its catalog, its log lines kept, the clock fixed: call it at the top of
 * the file; `t`, `s.secret` and `s.gameRowId` are there once `beforeAll` has run.
 */
export function gbWalletSuite() {
  const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
  const logLines: string[] = [];
  const t = {} as TestApp;
  const s = { secret: '', gameRowId: '' };
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    Object.assign(
      t,
      await buildTestApp({
        clock,
        logger: createLogger({ logLevel: 'info', env: 'test' }, destination),
      }),
    );
    s.secret = t.app.gameCatalog.settings.gbgames.secret;
    s.gameRowId = (await seedGames(t.db, 'gbgames', [catalogEntry({ providerGameId: game })])).get(
      game,
    )!;
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A funded player (thousandths) with a launch token for gb-a, tied to their sign-in. */
  async function newPlayer(balance = 25_005n, ttlSeconds?: number): Promise<Player> {
    const p = await createTestPlayer(t.db, clock, balance);
    const token = await recordTestLaunch(t.db, clock, {
      provider: 'gbgames',
      gameId: s.gameRowId,
      userId: p.id,
      sessionId: p.sessionId,
      ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
    });
    return { id: p.id, sessionId: p.sessionId, token };
  }

  /** Sends as the studio does: `timestamp` of this attempt last, signed over the exact bytes. */
  async function send(
    message: Message,
    options: { signature?: string; secret?: string; timestamp?: string } = {},
  ): Promise<Sent> {
    const raw = JSON.stringify({
      ...message,
      timestamp: options.timestamp ?? clock.now().toISOString(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        'x-gb-signature': options.signature ?? gbSignature(raw, options.secret ?? s.secret),
      },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  const balanceOf = async (p: Player) => (await t.app.wallet.getBalance(p.id)).balance;

  /** The player's GB Games ledger rows, oldest first. */
  const rowsOf = (p: Player) =>
    t.db
      .select({
        operation: ledgerEntries.operation,
        txId: ledgerEntries.providerTxId,
        amount: ledgerEntries.amount,
        status: ledgerEntries.status,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, p.id), eq(ledgerEntries.provider, 'gbgames')))
      .orderBy(asc(ledgerEntries.id));

  return { t, s, clock, logLines, newPlayer, send, balanceOf, rowsOf };
}
