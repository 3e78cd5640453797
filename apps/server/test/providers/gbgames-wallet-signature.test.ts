import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { gbWalletRoutes } from '../../src/features/providers/gbgames/wallet-routes';
import { createLaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceMessage,
  betMessage,
  gbWalletSuite,
  newId,
  newRound,
  ok,
  path,
  refundMessage,
  refused,
  resultMessage,
  type Message,
} from './gbgames-wallet-suite';

const { t, clock, newPlayer, send, balanceOf, rowsOf } = gbWalletSuite();

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

it('leaves the ledger consistent', async () => {
  const report = await expectLedgerClean(t.db);
  expect(report.counts.entries).toBeGreaterThan(0);
});
