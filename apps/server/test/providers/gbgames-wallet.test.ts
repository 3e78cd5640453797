import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { GamePage, LaunchResponse } from '@casino/contracts';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, sessions } from '../../src/db/schema';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { gbWalletRoutes } from '../../src/features/providers/gbgames/wallet-routes';
import { createLaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { fixedClock, systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, createTestPlayer, freePort, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * GB Games' money messages (docs/protocols/gbgames.md §5–8) on the ledger, with this test
 * acting as the studio: every message signed over its exact bytes with the shared secret and
 * sent to POST /api/game/BetResult_url.
 */
const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
const path = '/api/game/BetResult_url';
const game = 'gb-a';
let t: TestApp;
let secret: string;
let gameRowId: string;
const logLines: string[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await buildTestApp({
    clock,
    logger: createLogger({ logLevel: 'info', env: 'test' }, destination),
  });
  secret = t.app.gameCatalog.settings.gbgames.secret;
  gameRowId = (await seedGames(t.db, 'gbgames', [catalogEntry({ providerGameId: game })])).get(
    game,
  )!;
});

afterAll(async () => {
  await t.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface Player {
  id: string;
  sessionId: string;
  token: string;
}

/** A funded player (thousandths) with a launch token for gb-a, tied to their sign-in. */
async function newPlayer(balance = 25_005n, ttlSeconds?: number): Promise<Player> {
  const p = await createTestPlayer(t.db, clock, balance);
  const token = await recordTestLaunch(t.db, clock, {
    provider: 'gbgames',
    gameId: gameRowId,
    userId: p.id,
    sessionId: p.sessionId,
    ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
  });
  return { id: p.id, sessionId: p.sessionId, token };
}

const newId = () => randomBytes(12).toString('hex');
const newRound = () => String(100_000_000_000_000 + Math.floor(Math.random() * 1e14));

type Message = Record<string, unknown>;

/** The fields every message repeats from the launch, in the studio's order. */
const launchFields = (p: Player) => ({
  token: p.token,
  playerId: p.id,
  gameId: game,
  currency: 'USD',
});

const balanceMessage = (p: Player): Message => ({ type: 'balance', ...launchFields(p) });

const betMessage = (p: Player, transactionId: string, roundId: string, amount: string) => ({
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
const resultMessage = settlement('result');
const refundMessage = settlement('refund');

interface Sent {
  status: number;
  body: Record<string, unknown>;
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
      'x-gb-signature': options.signature ?? gbSignature(raw, options.secret ?? secret),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

const ok = (balance: string) => ({
  status: 200,
  body: { status: 'OK', balance, transactionId: expect.stringMatching(/^\d+$/) as unknown },
});
const refused = (status: number, code: string) => ({
  status,
  body: { status: 'ERROR', code, message: expect.any(String) as unknown },
});

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

describe('signature and freshness, first', () => {
  it('answers each message type with a good signature; a bad or missing one moves nothing', async () => {
    const p = await newPlayer();
    const betId = newId();
    const round = newRound();
    const messages = [
      balanceMessage(p),
      betMessage(p, betId, round, '1.00'),
      resultMessage(p, newId(), betId, round, '2.50'),
      refundMessage(p, newId(), newId(), newRound(), '1.00'),
    ];
    for (const message of messages) {
      expect(await send(message, { secret: 'not-the-secret' })).toEqual(
        refused(401, 'INVALID_SIGNATURE'),
      );
      expect(await send(message, { signature: '' })).toEqual(refused(401, 'INVALID_SIGNATURE'));
      expect(await send(message, { signature: 'f'.repeat(64) })).toEqual(
        refused(401, 'INVALID_SIGNATURE'),
      );
    }
    expect(await rowsOf(p)).toEqual([]);
    expect(await balanceOf(p)).toBe(25_005n);

    expect(await send(messages[0]!)).toEqual({
      status: 200,
      body: { status: 'OK', balance: '25.00', currency: 'USD' },
    });
    expect(await send(messages[1]!)).toEqual(ok('24.00'));
    expect(await send(messages[2]!)).toEqual(ok('26.50'));
    expect(await send(messages[3]!)).toEqual(ok('26.50'));
    expect(await balanceOf(p)).toBe(26_505n);
  });

  it('refuses a stale, future or missing timestamp as INVALID_SIGNATURE, moving nothing', async () => {
    const p = await newPlayer();
    const now = clock.now().getTime();
    for (const timestamp of [
      new Date(now - 6 * 60_000).toISOString(),
      new Date(now + 6 * 60_000).toISOString(),
      'yesterday',
    ]) {
      expect(await send(betMessage(p, newId(), newRound(), '1.00'), { timestamp })).toEqual(
        refused(401, 'INVALID_SIGNATURE'),
      );
    }
    expect(await rowsOf(p)).toEqual([]);
  });

  it('refuses everything when no secret is configured', async () => {
    const p = await newPlayer();
    const bare = Fastify();
    await bare.register(gbWalletRoutes, {
      settings: { url: '', secret: '' },
      sessions: createLaunchSessions({ launches: createLaunchRepository(t.db), clock }),
      wallet: t.app.wallet,
      clock,
    });
    try {
      const raw = JSON.stringify({
        ...betMessage(p, newId(), newRound(), '1.00'),
        timestamp: clock.now().toISOString(),
      });
      const res = await bare.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', 'x-gb-signature': gbSignature(raw, '') },
        payload: raw,
      });
      expect(res.statusCode).toBe(401);
      expect(await rowsOf(p)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('bet and result', () => {
  it('debits the bet and credits the result, balances in cents rounded down', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const bet = await send(betMessage(p, betId, round, '1.00'));
    expect(bet).toEqual(ok('24.00'));
    const result = await send(resultMessage(p, newId(), betId, round, '2.50'));
    expect(result).toEqual(ok('26.50'));
    expect(result.body['transactionId']).not.toBe(bet.body['transactionId']);
    // A losing round: the result of 0.00 is a real, idempotent posting that closes it.
    const lostBet = newId();
    const lostRound = newRound();
    expect(await send(betMessage(p, lostBet, lostRound, '0.50'))).toEqual(ok('26.00'));
    expect(await send(resultMessage(p, newId(), lostBet, lostRound, '0.00'))).toEqual(ok('26.00'));
    expect(await balanceOf(p)).toBe(26_005n);
    expect((await rowsOf(p)).map((r) => [r.operation, r.amount])).toEqual([
      ['bet', -1_000n],
      ['result', 2_500n],
      ['bet', -500n],
      ['result', 0n],
    ]);
  });

  it('takes a bet on a live token in one posting, its token checked inside it', async () => {
    const p = await newPlayer(25_005n);
    const postBet = vi.spyOn(t.app.wallet, 'postBet');
    try {
      expect(await send(betMessage(p, newId(), newRound(), '1.00'))).toEqual(ok('24.00'));
      expect(postBet).toHaveBeenCalledTimes(1);
      expect(postBet.mock.calls[0]![0].admission).toBeDefined();
    } finally {
      postBet.mockRestore();
    }
  });

  it('answers INSUFFICIENT_FUNDS (402) for a bet over the balance, moving nothing', async () => {
    const p = await newPlayer(500n);
    const message = betMessage(p, newId(), newRound(), '1.00');
    expect(await send(message)).toEqual(refused(402, 'INSUFFICIENT_FUNDS'));
    // Not remembered: judged again, refused again.
    expect(await send(message)).toEqual(refused(402, 'INSUFFICIENT_FUNDS'));
    // The largest amount is well-formed (a 402, not a 400).
    expect(await send(betMessage(p, newId(), newRound(), '1000000000.00'))).toEqual(
      refused(402, 'INSUFFICIENT_FUNDS'),
    );
    expect(await rowsOf(p)).toEqual([]);
    expect(await balanceOf(p)).toBe(500n);
  });

  it('answers TOKEN_NOT_FOUND (404) for an unknown token or someone else’s, for every type', async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const stranger = { ...p, token: 'lt_unknown' };
    const borrowed = { ...p, token: other.token };
    for (const who of [stranger, borrowed]) {
      const betId = newId();
      const round = newRound();
      for (const message of [
        betMessage(who, betId, round, '1.00'),
        resultMessage(who, newId(), betId, round, '1.00'),
        refundMessage(who, newId(), betId, round, '1.00'),
      ]) {
        expect(await send(message)).toEqual(refused(404, 'TOKEN_NOT_FOUND'));
      }
    }
    expect(await send({ ...betMessage(p, newId(), newRound(), '1.00'), gameId: 'gb-b' })).toEqual(
      refused(404, 'TOKEN_NOT_FOUND'),
    );
    expect(await rowsOf(p)).toEqual([]);
    expect(await rowsOf(other)).toEqual([]);
  });
});

describe('idempotency on transactionId', () => {
  it('answers a replayed bet, result and refund with the first transactionId and the current balance, moving nothing', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const bet = betMessage(p, betId, round, '1.00');
    const result = resultMessage(p, newId(), betId, round, '2.50');
    const firstBet = await send(bet);
    const firstResult = await send(result);
    const refundedBet = newId();
    const refundRound = newRound();
    await send(betMessage(p, refundedBet, refundRound, '2.00'));
    const refund = refundMessage(p, newId(), refundedBet, refundRound, '2.00');
    const firstRefund = await send(refund);
    expect(firstRefund).toEqual(ok('26.50'));

    expect(await send(bet)).toEqual({
      status: 200,
      body: { ...firstBet.body, balance: '26.50' },
    });
    expect(await send(result)).toEqual(firstResult);
    expect(await send(refund)).toEqual(firstRefund);
    expect(await balanceOf(p)).toBe(26_505n);
    expect((await rowsOf(p)).map((r) => r.operation)).toEqual(['bet', 'result', 'bet', 'refund']);
  });

  it('takes a retry with a new timestamp and signature for a replay', async () => {
    const p = await newPlayer();
    const bet = betMessage(p, newId(), newRound(), '1.00');
    const first = await send(bet);
    clock.advance(750);
    try {
      const again = await send(bet);
      expect(again).toEqual(first);
    } finally {
      clock.advance(-750);
    }
    expect(await rowsOf(p)).toHaveLength(1);
  });

  it('refuses the same transactionId with other content as DUPLICATE_MISMATCH (409), moving nothing', async () => {
    const p = await newPlayer();
    const betId = newId();
    const round = newRound();
    await send(betMessage(p, betId, round, '1.00'));
    const resultId = newId();
    await send(resultMessage(p, resultId, betId, round, '2.50'));
    const mismatch = refused(409, 'DUPLICATE_MISMATCH');
    expect(await send(betMessage(p, betId, round, '2.00'))).toEqual(mismatch);
    expect(await send(betMessage(p, betId, newRound(), '1.00'))).toEqual(mismatch);
    expect(await send(resultMessage(p, resultId, betId, round, '2.40'))).toEqual(mismatch);
    expect(await send(resultMessage(p, resultId, newId(), round, '2.50'))).toEqual(mismatch);
    // The token is content the ledger does not see: another launch of the same game differs.
    const relaunch = await recordTestLaunch(t.db, clock, {
      provider: 'gbgames',
      gameId: gameRowId,
      userId: p.id,
    });
    expect(await send(betMessage({ ...p, token: relaunch }, betId, round, '1.00'))).toEqual(
      mismatch,
    );
    // An extra field is content too.
    expect(await send({ ...betMessage(p, betId, round, '1.00'), note: 'x' })).toEqual(mismatch);
    expect(await balanceOf(p)).toBe(26_505n);
    expect(await rowsOf(p)).toHaveLength(2);
  });

  it('refuses a transactionId longer than 64 characters (400), accepts 64', async () => {
    const p = await newPlayer();
    const round = newRound();
    expect(await send(betMessage(p, 'a'.repeat(65), round, '1.00'))).toEqual(
      refused(400, 'BAD_REQUEST'),
    );
    expect(await send(resultMessage(p, newId(), 'b'.repeat(65), round, '1.00'))).toEqual(
      refused(400, 'BAD_REQUEST'),
    );
    expect(await send(betMessage(p, 'a'.repeat(64), round, '1.00'))).toEqual(ok('24.00'));
    expect(await rowsOf(p)).toHaveLength(1);
  });
});

describe('refund', () => {
  it('answers OK to a refund of an unknown bet, moving nothing, and then refuses the late bet (409)', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const refund = await send(refundMessage(p, newId(), betId, round, '1.00'));
    expect(refund).toEqual(ok('25.00'));
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(
      refused(409, 'DUPLICATE_MISMATCH'),
    );
    expect(await balanceOf(p)).toBe(25_005n);
    expect(await rowsOf(p)).toEqual([
      { operation: 'refund', txId: expect.any(String) as unknown, amount: 0n, status: 'tombstone' },
    ]);
  });

  it('credits a known bet back once; a second refund under another id gets the first answer', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(ok('24.00'));
    const first = await send(refundMessage(p, newId(), betId, round, '1.00'));
    expect(first).toEqual(ok('25.00'));
    const second = await send(refundMessage(p, newId(), betId, round, '1.00'));
    expect(second).toEqual(first);
    expect(await balanceOf(p)).toBe(25_005n);
    expect((await rowsOf(p)).map((r) => [r.operation, r.amount])).toEqual([
      ['bet', -1_000n],
      ['refund', 1_000n],
    ]);
  });

  it('refuses a refund whose amount is not the bet’s (409), moving nothing', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    await send(betMessage(p, betId, round, '1.00'));
    for (const amount of ['0.50', '1.01']) {
      expect(await send(refundMessage(p, newId(), betId, round, amount))).toEqual(
        refused(409, 'DUPLICATE_MISMATCH'),
      );
    }
    expect(await balanceOf(p)).toBe(24_005n);
    expect(await rowsOf(p)).toHaveLength(1);
  });
});

describe('a refund after its round was settled by a result', () => {
  it('is refused with 409 BET_SETTLED (final), moving nothing; a zero result settles it too', async () => {
    const p = await newPlayer(25_005n);
    for (const won of ['3.00', '0.00']) {
      const betId = newId();
      const round = newRound();
      await send(betMessage(p, betId, round, '1.00'));
      expect((await send(resultMessage(p, newId(), betId, round, won))).status).toBe(200);
      const before = await balanceOf(p);
      const rows = (await rowsOf(p)).length;
      // The studio's retry carries a new transactionId each time it gives up and starts over.
      for (const refundId of [newId(), newId()]) {
        expect(await send(refundMessage(p, refundId, betId, round, '1.00'))).toEqual(
          refused(409, 'BET_SETTLED'),
        );
      }
      expect(await balanceOf(p)).toBe(before);
      expect(await rowsOf(p)).toHaveLength(rows);
    }
    // 25.005 − 1 + 3 − 1 + 0
    expect(await balanceOf(p)).toBe(26_005n);
  });
});

describe('after the launch session ended', () => {
  it('expired token: a new bet is TOKEN_EXPIRED (403); results, refunds and repeats still land', async () => {
    const p = await newPlayer(25_005n, 60);
    const won = { id: newId(), round: newRound() };
    const cancelled = { id: newId(), round: newRound() };
    const firstBet = await send(betMessage(p, won.id, won.round, '1.00'));
    expect(firstBet).toEqual(ok('24.00'));
    expect(await send(betMessage(p, cancelled.id, cancelled.round, '2.00'))).toEqual(ok('22.00'));
    clock.advance(61_000);
    try {
      expect(await send(betMessage(p, newId(), newRound(), '1.00'))).toEqual(
        refused(403, 'TOKEN_EXPIRED'),
      );
      expect(await send(balanceMessage(p))).toEqual(refused(403, 'TOKEN_EXPIRED'));
      // A retry of a bet that landed while the token was live is a repeat, not a new bet.
      expect(await send(betMessage(p, won.id, won.round, '1.00'))).toEqual({
        status: 200,
        body: { ...firstBet.body, balance: '22.00' },
      });
      expect(await send(resultMessage(p, newId(), won.id, won.round, '3.00'))).toEqual(ok('25.00'));
      expect(await send(refundMessage(p, newId(), cancelled.id, cancelled.round, '2.00'))).toEqual(
        ok('27.00'),
      );
    } finally {
      clock.advance(-61_000);
    }
    expect(await balanceOf(p)).toBe(27_005n);
    expect((await rowsOf(p)).map((r) => r.operation)).toEqual(['bet', 'bet', 'result', 'refund']);
  });

  it('signed out: a new bet is TOKEN_EXPIRED (403); the result is still credited', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const firstBet = await send(betMessage(p, betId, round, '1.00'));
    expect(firstBet).toEqual(ok('24.00'));
    await t.db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, p.sessionId));
    expect(await send(betMessage(p, newId(), newRound(), '1.00'))).toEqual(
      refused(403, 'TOKEN_EXPIRED'),
    );
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(firstBet);
    expect(await send(resultMessage(p, newId(), betId, round, '5.00'))).toEqual(ok('29.00'));
    expect(await balanceOf(p)).toBe(29_005n);
    expect(await rowsOf(p)).toHaveLength(2);
  });
});

describe('malformed messages (400 BAD_REQUEST, final)', () => {
  it('refuses amounts that are not two-decimal strings within the limit, moving nothing', async () => {
    const p = await newPlayer();
    const betId = newId();
    const round = newRound();
    const amounts: unknown[] = [
      '1',
      '1.0',
      '1.001',
      '-1.00',
      '1e2',
      ' 1.00',
      '1.00 ',
      '+1.00',
      '1,00',
      '',
      'NaN',
      '1000000000.01',
      '99999999999999999999.00',
      1,
      1.5,
      null,
    ];
    for (const amount of amounts) {
      for (const message of [
        betMessage(p, betId, round, '1.00'),
        resultMessage(p, newId(), betId, round, '1.00'),
        refundMessage(p, newId(), betId, round, '1.00'),
      ]) {
        expect(await send({ ...message, amount })).toEqual(refused(400, 'BAD_REQUEST'));
      }
    }
    expect(await rowsOf(p)).toEqual([]);
    expect(await balanceOf(p)).toBe(25_005n);
  });

  it('refuses an unknown or missing type, missing fields and a roundId that is not digits', async () => {
    const p = await newPlayer();
    const betId = newId();
    const round = newRound();
    const bet = betMessage(p, betId, round, '1.00');
    const bad = refused(400, 'BAD_REQUEST');
    expect(await send({ ...bet, type: 'cashout' })).toEqual(bad);
    const { type: _type, ...untyped } = bet;
    expect(await send(untyped)).toEqual(bad);
    for (const field of ['transactionId', 'roundId', 'amount', 'token', 'playerId', 'currency']) {
      const rest: Message = { ...bet };
      delete rest[field];
      expect(await send(rest)).toEqual(bad);
    }
    expect(await send({ ...bet, roundId: 'r-1' })).toEqual(bad);
    expect(await send({ ...bet, transactionId: 42 })).toEqual(bad);
    const { betTransactionId: _bet, ...orphan } = resultMessage(p, newId(), betId, round, '1.00');
    expect(await send(orphan)).toEqual(bad);
    expect(await rowsOf(p)).toEqual([]);
  });

  it('refuses text no column can hold (NUL, a lone surrogate) in any field, final', async () => {
    const p = await newPlayer();
    const betId = newId();
    const round = newRound();
    const bet = betMessage(p, betId, round, '1.00');
    const bad = refused(400, 'BAD_REQUEST');
    expect(await send({ ...bet, transactionId: `t\u0000${newId()}` })).toEqual(bad);
    expect(await send({ ...bet, gameId: 'g\uD800' })).toEqual(bad);
    expect(await send({ ...bet, extra: { note: 'x\uDC00' } })).toEqual(bad);
    expect(await send({ ...bet, 'k\u0000': 1 })).toEqual(bad);
    expect(await rowsOf(p)).toEqual([]);
  });
});

describe('a failure that is not the wallet’s', () => {
  it('answers INTERNAL (500, retryable) when the database fails, logs no secret, and the retry lands once', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const bet = betMessage(p, betId, round, '1.00');
    const down = new Error('Connection terminated unexpectedly');

    vi.spyOn(t.app.wallet, 'postBet').mockRejectedValueOnce(down);
    const before = logLines.length;
    expect(await send(bet)).toEqual(refused(500, 'INTERNAL'));
    expect(await balanceOf(p)).toBe(25_005n);

    vi.spyOn(t.app.wallet, 'postWin').mockRejectedValueOnce(down);
    vi.spyOn(t.app.wallet, 'postRefund').mockRejectedValueOnce(down);
    expect(await send(resultMessage(p, newId(), betId, round, '1.00'))).toEqual(
      refused(500, 'INTERNAL'),
    );
    expect(await send(refundMessage(p, newId(), newId(), round, '1.00'))).toEqual(
      refused(500, 'INTERNAL'),
    );
    // The token lookup's own query failing is the same: retry. (A result always looks its
    // token up; a bet on a live token is checked inside its posting instead.)
    vi.spyOn(t.db, 'select').mockImplementationOnce(() => {
      throw down;
    });
    expect(await send(resultMessage(p, newId(), betId, round, '0.00'))).toEqual(
      refused(500, 'INTERNAL'),
    );
    expect(await rowsOf(p)).toEqual([]);

    // The studio's retry, same transactionId: applied once.
    expect(await send(bet)).toEqual(ok('24.00'));
    expect(await send(bet)).toEqual(ok('24.00'));
    expect(await rowsOf(p)).toHaveLength(1);

    const logged = logLines.slice(before).join('\n');
    expect(logged).toContain('answered INTERNAL');
    expect(logged).toContain('Connection terminated unexpectedly');
    expect(logged).toContain(betId);
    for (const secretText of [p.token, secret]) expect(logged).not.toContain(secretText);
    expect(logged).not.toMatch(/[0-9a-f]{64}/);
  });
});

describe('the simulated studio as the client, over real HTTP', () => {
  let e: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    e = await buildTestApp({ env: { HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base } });
    await e.app.gameCatalog.sync.syncProvider('gbgames');
    await e.app.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await e.close();
  });

  /** Launches a GB game for a new player and follows the link to the studio's game page. */
  const openGame = async () => {
    const player = await createTestPlayer(e.db, systemClock, 42_500n);
    const list = await fetch(`${base}/api/total/games?provider=gbgames&limit=1`);
    const { gameId } = ((await list.json()) as GamePage).data[0]!;
    const launched = await fetch(`${base}/api/provider2-game/launch?gameId=${gameId}`, {
      headers: player.authorization,
    });
    expect(launched.status).toBe(200);
    const link = ((await launched.json()) as LaunchResponse).url;
    const opened = await fetch(link, { redirect: 'manual' });
    const page = opened.status === 302 ? opened.headers.get('location')! : link;
    expect(page).toMatch(/\/studios\/gbgames\/game\/\w+$/);
    const spin = async () => {
      const res = await fetch(`${page}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bet: 1_000 }),
      });
      return (await res.json()) as { ok: boolean; error?: string; win?: number; balance: number };
    };
    const rows = () =>
      e.db
        .select({ operation: ledgerEntries.operation, status: ledgerEntries.status })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, player.id), eq(ledgerEntries.provider, 'gbgames')))
        .orderBy(asc(ledgerEntries.id));
    const balance = async () => (await e.app.wallet.getBalance(player.id)).balance;
    return { spin, rows, balance };
  };

  it('retries a bet the database failed once: one bet, one result, the game shows the ledger', async () => {
    const game = await openGame();
    vi.spyOn(e.app.wallet, 'postBet').mockRejectedValueOnce(new Error('database down'));
    const answer = await game.spin();
    expect(answer.ok).toBe(true);
    expect(await game.rows()).toEqual([
      { operation: 'bet', status: 'applied' },
      { operation: 'result', status: 'applied' },
    ]);
    expect(await game.balance()).toBe(42_500n - 1_000n + BigInt(answer.win ?? 0));
    expect(BigInt(answer.balance)).toBe(await game.balance());
  });

  it('refunds a bet that failed every attempt: our tombstone, the balance untouched', async () => {
    const game = await openGame();
    const postBet = vi.spyOn(e.app.wallet, 'postBet');
    for (let attempt = 0; attempt < 4; attempt++) {
      postBet.mockRejectedValueOnce(new Error('database down'));
    }
    expect(await game.spin()).toMatchObject({ ok: false, error: 'WALLET_UNAVAILABLE' });
    expect(postBet).toHaveBeenCalledTimes(4);
    expect(await game.rows()).toEqual([{ operation: 'refund', status: 'tombstone' }]);
    expect(await game.balance()).toBe(42_500n);
    // The next round plays normally.
    expect((await game.spin()).ok).toBe(true);
    await expectLedgerClean(e.db);
  });
});

it('leaves the ledger consistent', async () => {
  const report = await expectLedgerClean(t.db);
  expect(report.counts.entries).toBeGreaterThan(20);
});
