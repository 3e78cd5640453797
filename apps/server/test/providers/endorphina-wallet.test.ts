// Endorphina's money callbacks on the ledger (endorphina-wallet-context.ts). This file: the sign, then bets and wins.
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { acceptRawFormBodies } from '../../src/features/providers/callback-params';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import {
  endorphinaWalletPrefix,
  endorphinaWalletRoutes,
} from '../../src/features/providers/endorphina/wallet-routes';
import { createLaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  clock,
  gameA,
  gameB,
  gameIds,
  nextId,
  nextRound,
  type Params,
  post,
  round,
  rowsOf,
  settings,
  t,
  table,
  transactionIdOf,
  useEndorphinaWallet,
} from './endorphina-wallet-context';

useEndorphinaWallet();

describe('sign', () => {
  it('refuses a wrong, missing or other-salt sign on every money call, moving nothing', async () => {
    const tbl = await table();
    const r = round(tbl);
    const bet = r.bet(1000);
    const calls: [string, Params][] = [
      ['bet', bet],
      ['win', r.win(500, '1', nextId('w'))],
      ['refund', r.refund(1000, bet['id']!)],
      [
        'promoWin',
        { id: nextId('p'), amount: '500', player: tbl.player.id, game: gameA, gameId: '1' },
      ],
      ['endSession', { token: tbl.token }],
    ];
    const denied = { status: 401, body: { code: 'ACCESS_DENIED', message: 'bad sign' } };
    for (const [call, params] of calls) {
      expect(await post(call, params, 'f'.repeat(40))).toEqual(denied);
      expect(await post(call, params, endorphinaSign(params, 'other-salt'))).toEqual(denied);
      expect(await post(call, params, '')).toEqual(denied);
      // Signed over other values (the amount changed after signing).
      const tampered = { ...params, amount: '999999' };
      expect(await post(call, tampered, endorphinaSign(params, settings.salt))).toEqual(denied);
    }
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
    expect(await rowsOf(tbl.player.id)).toEqual([]);
    // The refused endSession did not end the token: the bet is taken.
    expect((await post('bet', bet)).status).toBe(200);
  });

  it('refuses a repeated parameter (an ambiguous signed set) with ACCESS_DENIED', async () => {
    const tbl = await table();
    const bet = round(tbl).bet(1000);
    const sign = endorphinaSign(bet, settings.salt);
    const res = await t.app.inject({
      method: 'POST',
      url: `${endorphinaWalletPrefix}/bet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(bet).toString()}&amount=1&sign=${sign}`,
    });
    expect(res.statusCode).toBe(401);
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });

  it('with no salt configured refuses everything, even a call signed with the empty salt', async () => {
    const tbl = await table();
    const app = Fastify();
    try {
      await app.register(async (scope) => {
        acceptRawFormBodies(scope);
        await scope.register(endorphinaWalletRoutes, {
          settings: { ...settings, salt: '' },
          sessions: createLaunchSessions({ launches: createLaunchRepository(t.db), clock }),
          wallet: t.app.wallet,
          clock,
        });
      });
      for (const [call, params] of [
        ['bet', round(tbl).bet(1000)],
        ['endSession', { token: tbl.token }],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url: `/${call}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ ...params, sign: endorphinaSign(params, '') }).toString(),
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await app.close();
    }
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });
});

describe('bet and win', () => {
  it('takes a bet on a live token in one posting, its token checked inside it', async () => {
    const tbl = await table(10_000n);
    const postBet = vi.spyOn(t.app.wallet, 'postBet');
    try {
      expect(await post('bet', round(tbl).bet(1_000))).toMatchObject({
        status: 200,
        body: { balance: 9_000 },
      });
      expect(postBet).toHaveBeenCalledTimes(1);
      expect(postBet.mock.calls[0]![0].admission).toBeDefined();
      // A bet the condition refuses (the token of another player) is judged again, slowly.
      const other = await table(10_000n);
      expect(
        await post('bet', { ...round(tbl).bet(1_000), player: other.player.id }),
      ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
      expect(await balanceOf(other.player.id)).toBe(10_000n);
    } finally {
      postBet.mockRestore();
    }
  });

  it('debits the bet and credits the win, balances in thousandths', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const bet = await post('bet', r.bet(1260));
    expect(bet).toEqual({
      status: 200,
      body: { balance: 23_745, transactionId: expect.any(String) as unknown },
    });
    const betTx = transactionIdOf(bet);
    const win = await post('win', r.win(2_500, betTx, nextId('w')));
    expect(win).toEqual({
      status: 200,
      body: { balance: 26_245, transactionId: expect.any(String) as unknown },
    });
    expect(transactionIdOf(win)).not.toBe(betTx);
    expect(await balanceOf(tbl.player.id)).toBe(26_245n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'bet', operation: 'bet', amount: '-1260' },
      { kind: 'win', operation: 'win', amount: '2500' },
    ]);
    // The balance callback agrees.
    const params = { token: tbl.token };
    const res = await t.app.inject({
      method: 'GET',
      url: `${endorphinaWalletPrefix}/balance?${new URLSearchParams({ ...params, sign: endorphinaSign(params, settings.salt) }).toString()}`,
    });
    expect(res.json()).toEqual({ balance: 26_245 });
  });

  it('takes a zero win without an id, keyed on the bet it closes; its repeat is the same', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    const zero = await post('win', r.win(0, betTx));
    expect(zero).toEqual({
      status: 200,
      body: { balance: 9_000, transactionId: expect.any(String) as unknown },
    });
    expect(await post('win', r.win(0, betTx))).toEqual(zero);
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'bet' },
      { kind: 'win', provider_tx_id: `for-bet:${betTx}`, amount: '0' },
    ]);
  });

  it('refuses a bet over the balance with 402 INSUFFICIENT_FUNDS, moving nothing', async () => {
    const tbl = await table(1_000n);
    const r = round(tbl);
    const bet = r.bet(1_001);
    const refused = {
      status: 402,
      body: { code: 'INSUFFICIENT_FUNDS', message: expect.any(String) as unknown },
    };
    expect(await post('bet', bet)).toEqual(refused);
    // Judged again on a repeat (a refusal is not remembered), still refused.
    expect(await post('bet', bet)).toEqual(refused);
    expect(await balanceOf(tbl.player.id)).toBe(1_000n);
    expect(await rowsOf(tbl.player.id)).toEqual([]);
    // The whole balance is fine.
    expect(await post('bet', r.bet(1_000))).toMatchObject({ status: 200, body: { balance: 0 } });
  });

  it('answers a repeated bet and win with the first body, moving nothing again', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const betParams = r.bet(1_260);
    const bet = await post('bet', betParams);
    const winParams = r.win(700, transactionIdOf(bet), nextId('w'));
    const win = await post('win', winParams);
    // Later movements change the balance: the repeats still carry the balance right after
    // their first application, so the studio reads exactly what it would have read.
    await post('bet', round(tbl).bet(5_000));
    expect(await post('bet', betParams)).toEqual(bet);
    expect(await post('win', winParams)).toEqual(win);
    // A retry may carry a new date: not part of the content.
    expect(await post('bet', { ...betParams, date: '1' })).toEqual(bet);
    expect(await balanceOf(tbl.player.id)).toBe(25_005n - 1_260n + 700n - 5_000n);
    expect((await rowsOf(tbl.player.id)).map((row) => row.kind)).toEqual(['bet', 'win', 'bet']);
  });

  it('refuses the same id with another amount, round or game with 429 NO_RETRY', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    const betTx = transactionIdOf(await post('bet', betParams));
    const winParams = r.win(300, betTx, nextId('w'));
    expect((await post('win', winParams)).status).toBe(200);
    const conflict = {
      status: 429,
      body: { code: 'NO_RETRY', message: expect.any(String) as unknown },
    };
    expect(await post('bet', { ...betParams, amount: '1001' })).toEqual(conflict);
    expect(await post('bet', { ...betParams, gameId: nextRound() })).toEqual(conflict);
    expect(await post('win', { ...winParams, amount: '301' })).toEqual(conflict);
    expect(await post('win', { ...winParams, betTransactionId: '1' })).toEqual(conflict);
    // A zero win for the same bet under another amount: one close per bet.
    expect((await post('win', r.win(0, betTx))).status).toBe(200);
    expect(await post('win', r.win(5, betTx))).toEqual(conflict);
    expect(await balanceOf(tbl.player.id)).toBe(25_005n - 1_000n + 300n);
    expect(await rowsOf(tbl.player.id)).toHaveLength(3);
  });

  it('refuses malformed amounts with NO_RETRY, moving nothing', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    const malformed = [
      '1.5',
      '-1',
      '1e3',
      '1000000000001',
      '',
      ' 1',
      '+1',
      '0x10',
      'NaN',
      '9'.repeat(40),
    ];
    for (const amount of malformed) {
      expect(await post('bet', r.bet(amount))).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY' },
      });
      expect(await post('win', r.win(amount, betTx, nextId('w')))).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY' },
      });
      expect(await post('refund', r.refund(amount, nextId('b')))).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY' },
      });
      expect(
        await post('promoWin', {
          id: nextId('p'),
          amount,
          player: tbl.player.id,
          game: gameA,
          gameId: '1',
        }),
      ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    }
    // The largest amount the ledger takes is well-formed (here: more than the balance).
    expect(await post('bet', r.bet('1000000000000'))).toMatchObject({ status: 402 });
    expect(await balanceOf(tbl.player.id)).toBe(24_005n);
    expect(await rowsOf(tbl.player.id)).toHaveLength(1);
  });

  it('refuses missing parameters with NO_RETRY', async () => {
    const tbl = await table();
    const r = round(tbl);
    for (const name of ['id', 'player', 'currency', 'game', 'gameId', 'amount']) {
      const params = r.bet(100);
      delete params[name];
      expect(await post('bet', params)).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY', message: `missing parameter: ${name}` },
      });
    }
    const win = r.win(100, '1', nextId('w'));
    delete win['betTransactionId'];
    expect(await post('win', win)).toMatchObject({ status: 429 });
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });

  it('refuses a bet whose player, currency or game is not the token’s (NO_RETRY)', async () => {
    const tbl = await table();
    const other = await table();
    const r = round(tbl);
    expect(await post('bet', { ...r.bet(100), player: other.player.id })).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: "player is not the launch token's player" },
    });
    expect(await post('bet', { ...r.bet(100), currency: 'EUR' })).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: "currency is not the launch token's currency" },
    });
    expect(await post('bet', { ...r.bet(100), game: gameB })).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: "game is not the launch token's game" },
    });
    const betTx = transactionIdOf(await post('bet', r.bet(100)));
    // A win or refund naming another player than the token's is refused too.
    expect(
      await post('win', { ...r.win(50, betTx, nextId('w')), player: other.player.id }),
    ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    expect(
      await post('refund', { ...r.refund(100, nextId('b')), player: other.player.id }),
    ).toMatchObject({ status: 429 });
    expect(await balanceOf(tbl.player.id)).toBe(24_905n);
    expect(await balanceOf(other.player.id)).toBe(25_005n);
    expect(await rowsOf(other.player.id)).toEqual([]);
  });

  it('answers TOKEN_NOT_FOUND (404) for an unknown token or another provider’s', async () => {
    const tbl = await table();
    const pragmaticToken = await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get('vs10x')!,
      userId: tbl.player.id,
    });
    for (const token of ['no-such-token', pragmaticToken]) {
      const r = round({ ...tbl, token });
      const notFound = {
        status: 404,
        body: { code: 'TOKEN_NOT_FOUND', message: 'unknown launch token' },
      };
      expect(await post('bet', r.bet(100))).toEqual(notFound);
      expect(await post('win', r.win(100, '1', nextId('w')))).toEqual(notFound);
      expect(await post('refund', r.refund(100, nextId('b')))).toEqual(notFound);
      expect(await post('endSession', { token })).toEqual(notFound);
    }
    const r = round(tbl);
    const noToken = r.bet(100);
    delete noToken['token'];
    expect(await post('bet', noToken)).toMatchObject({ status: 404 });
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });
});

describe('the ledger afterwards', () => {
  it('checks clean', async () => {
    await expectLedgerClean(t.db);
  });
});
