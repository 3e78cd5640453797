// Endorphina's money callbacks on the ledger (endorphina-wallet-context.ts). This file: parameters no column can hold, refunds, expired launches, endSession and promoWin.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSessionRepository } from '../../src/features/auth/session-repository';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  clock,
  gameA,
  gameIds,
  nextId,
  nextRound,
  post,
  round,
  rowsOf,
  t,
  table,
  transactionIdOf,
  useEndorphinaWallet,
} from './endorphina-wallet-context';

useEndorphinaWallet();

describe('a parameter no column can hold', () => {
  it('a NUL in a signed call is NO_RETRY (final), never stored or retried as internal', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect(await post('bet', bet)).toMatchObject({ status: 200 });
    for (const [call, params] of [
      ['win', r.win(500, bet.id!, `w\u0000${nextId('w')}`)],
      ['bet', r.bet(1_000, `b\u0000${nextId('b')}`)],
      ['refund', { ...r.refund(1_000, bet.id!), gameId: 'g\u0000' }],
      ['promoWin', { id: `p\u0000`, amount: '100', player: tbl.player.id }],
    ] as const) {
      expect(await post(call, params), call).toEqual({
        status: 429,
        body: {
          code: 'NO_RETRY',
          message: 'malformed parameter: a NUL character or an unpaired surrogate',
        },
      });
    }
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    await expectLedgerClean(t.db);
  });
});

describe('refund', () => {
  it('credits a known bet back once; the repeat answers the same body', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(2_500);
    const betTx = transactionIdOf(await post('bet', betParams));
    const refund = await post('refund', r.refund(2_500, betParams['id']!));
    expect(refund).toEqual({
      status: 200,
      body: { balance: 10_000, transactionId: expect.any(String) as unknown },
    });
    expect(transactionIdOf(refund)).not.toBe(betTx);
    await post('bet', round(tbl).bet(1_000));
    expect(await post('refund', r.refund(2_500, betParams['id']!))).toEqual(refund);
    // The refunded bet sent again is a replay of the bet: nothing moves.
    expect(await post('bet', betParams)).toMatchObject({
      status: 200,
      body: { transactionId: betTx },
    });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect((await rowsOf(tbl.player.id)).map((row) => row.kind)).toEqual(['bet', 'refund', 'bet']);
  });

  it('of an unknown bet succeeds moving nothing, and the late bet is then refused', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    const refund = await post('refund', r.refund(1_000, betParams['id']!));
    expect(refund).toEqual({
      status: 200,
      body: { balance: 10_000, transactionId: expect.any(String) as unknown },
    });
    expect(await post('refund', r.refund(1_000, betParams['id']!))).toEqual(refund);
    expect(await post('bet', betParams)).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: `bet ${betParams['id']} was refunded before it arrived` },
    });
    expect(await balanceOf(tbl.player.id)).toBe(10_000n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'refund', status: 'tombstone', amount: '0' },
    ]);
  });

  it('refuses a refund whose amount is not the bet’s with NO_RETRY', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    expect((await post('bet', betParams)).status).toBe(200);
    expect(await post('refund', r.refund(999, betParams['id']!))).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY', message: expect.stringContaining('amount') as unknown },
    });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    // The right amount still refunds it.
    expect(await post('refund', r.refund(1_000, betParams['id']!))).toMatchObject({
      status: 200,
      body: { balance: 10_000 },
    });
  });
});

describe('after the launch token expired or the player signed out', () => {
  it('refuses a bet with TOKEN_EXPIRED, but credits the win and the refund', async () => {
    const tbl = await table(10_000n, { ttlSeconds: 60 });
    const r = round(tbl);
    const won = r.bet(1_000);
    const wonTx = transactionIdOf(await post('bet', won));
    const cancelled = r.bet(2_000);
    expect((await post('bet', cancelled)).status).toBe(200);
    clock.advance(61_000);
    try {
      expect(await post('bet', r.bet(500))).toEqual({
        status: 403,
        body: { code: 'TOKEN_EXPIRED', message: 'the launch token has expired' },
      });
      expect(await post('win', r.win(4_000, wonTx, nextId('w')))).toMatchObject({
        status: 200,
        body: { balance: 11_000 },
      });
      expect(await post('refund', r.refund(2_000, cancelled['id']!))).toMatchObject({
        status: 200,
        body: { balance: 13_000 },
      });
      expect(await post('endSession', { token: tbl.token })).toEqual({
        status: 200,
        body: { balance: 13_000 },
      });
    } finally {
      clock.advance(-61_000);
    }
    expect(await balanceOf(tbl.player.id)).toBe(13_000n);
  });

  it('answers a bet’s retry from its first application, even once the session closed', async () => {
    const tbl = await table(10_000n, { signInSession: true });
    const r = round(tbl);
    const bet = r.bet(1_000);
    const first = await post('bet', bet);
    expect(first).toMatchObject({ status: 200, body: { balance: 9_000 } });
    // The studio lost the answer; before its retry, the player signed out.
    await createSessionRepository(t.db).revoke(tbl.player.sessionId, 'logout', clock.now());
    expect(await post('bet', bet)).toEqual(first);
    expect(await post('bet', { ...bet, amount: '999' })).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await post('bet', r.bet(1_000))).toMatchObject({ status: 403 });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect((await rowsOf(tbl.player.id)).filter((row) => row.kind === 'bet')).toHaveLength(1);
  });

  it('refuses a bet once the sign-in session was revoked, but credits the win', async () => {
    const tbl = await table(10_000n, { signInSession: true });
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    await createSessionRepository(t.db).revoke(tbl.player.sessionId, 'logout', clock.now());
    expect(await post('bet', r.bet(1_000))).toEqual({
      status: 403,
      body: { code: 'TOKEN_EXPIRED', message: 'the player has signed out' },
    });
    expect(await post('win', r.win(2_500, betTx, nextId('w')))).toMatchObject({
      status: 200,
      body: { balance: 11_500 },
    });
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
  });
});

describe('endSession', () => {
  it('answers the balance and ends the token: no more bets, wins still land', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    expect(await post('endSession', { token: tbl.token })).toEqual({
      status: 200,
      body: { balance: 9_000 },
    });
    expect(await post('endSession', { token: tbl.token })).toEqual({
      status: 200,
      body: { balance: 9_000 },
    });
    expect(await post('bet', r.bet(1_000))).toMatchObject({
      status: 403,
      body: { code: 'TOKEN_EXPIRED' },
    });
    expect(await post('win', r.win(3_000, betTx, nextId('w')))).toMatchObject({
      status: 200,
      body: { balance: 12_000 },
    });
    // Another token of the same player is not touched.
    const other = await recordTestLaunch(t.db, clock, {
      provider: 'endorphina',
      gameId: gameIds.get(gameA)!,
      userId: tbl.player.id,
    });
    expect(await post('bet', round({ ...tbl, token: other }).bet(500))).toMatchObject({
      status: 200,
      body: { balance: 11_500 },
    });
  });
});

describe('promoWin', () => {
  it('credits the player in the wallet’s currency; a repeat is the same body', async () => {
    const tbl = await table(1_000n);
    const params = {
      id: nextId('p'),
      amount: '2500',
      player: tbl.player.id,
      game: gameA,
      gameId: nextRound(),
    };
    const first = await post('promoWin', params);
    expect(first).toEqual({
      status: 200,
      body: { balance: 3_500, transactionId: expect.any(String) as unknown },
    });
    expect(await post('promoWin', params)).toEqual(first);
    expect(await post('promoWin', { ...params, amount: '2501' })).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await balanceOf(tbl.player.id)).toBe(3_500n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'win', operation: 'promoWin', provider_tx_id: params.id, amount: '2500' },
    ]);
  });

  it('answers TOKEN_NOT_FOUND for an unknown player', async () => {
    for (const player of [randomUUID(), 'not-a-player']) {
      expect(
        await post('promoWin', {
          id: nextId('p'),
          amount: '100',
          player,
          game: gameA,
          gameId: '1',
        }),
      ).toEqual({ status: 404, body: { code: 'TOKEN_NOT_FOUND', message: 'unknown player' } });
    }
  });
});

describe('the ledger afterwards', () => {
  it('checks clean, with the tombstone of the refund that came before its bet', async () => {
    const report = await expectLedgerClean(t.db);
    expect(report.counts.tombstones).toBeGreaterThan(0);
  });
});
