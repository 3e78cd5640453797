// Endorphina's money callbacks on the ledger (endorphina-wallet-context.ts). This file: the public integrations' shapes, a late refund, a database failure.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  gameA,
  gameB,
  logLines,
  nextId,
  type Params,
  post,
  round,
  rowsOf,
  settings,
  stored,
  t,
  table,
  transactionIdOf,
  useEndorphinaWallet,
} from './endorphina-wallet-context';

useEndorphinaWallet();

describe('the public integrations’ shapes', () => {
  it('credits a win sent with only amount, date, gameId, player and betTransactionId', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).body).toMatchObject({ balance: 9_000 });
    // No token, currency, game or id; betTransactionId is the bet's own id.
    const win = {
      amount: '2500',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: bet['id']!,
    };
    const first = await post('win', win);
    expect(first).toEqual({
      status: 200,
      body: { balance: 11_500, transactionId: expect.any(String) as unknown },
    });
    expect(await post('win', win)).toEqual(first);
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
    expect(await stored(tbl.player.id, 'win')).toEqual({
      currency: 'USD',
      game_id: gameA,
      round_id: r.base['gameId'],
      bet_tx_id: bet['id'],
      amount: '2500',
    });
  });

  it('finds the bet by the transactionId we answered for it too, with a token and no currency or game', async () => {
    const tbl = await table(10_000n, { game: gameB });
    const r = round(tbl);
    const bet: Params = { ...r.bet(1_000), game: gameB };
    const betTx = transactionIdOf(await post('bet', bet));
    const win = {
      token: tbl.token,
      amount: '0',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: betTx,
    };
    expect(await post('win', win)).toMatchObject({ status: 200, body: { balance: 9_000 } });
    // Linked to the bet by the bet's own id, whichever reference the call used.
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      game_id: gameB,
      bet_tx_id: bet['id'],
      amount: '0',
    });
  });

  it('credits a win whose bet it never saw, in the wallet’s currency, keyed as usual', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const win = {
      amount: '700',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: nextId('b'),
      id: nextId('w'),
    };
    expect(await post('win', win)).toMatchObject({ status: 200, body: { balance: 10_700 } });
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      currency: 'USD',
      game_id: null,
      bet_tx_id: win.betTransactionId,
    });
  });

  it('refuses a win without amount, date or gameId, or with an unknown player', async () => {
    const tbl = await table(10_000n);
    const other = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    await post('bet', bet);
    const win = {
      amount: '100',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: bet['id']!,
    };
    for (const name of ['amount', 'date', 'gameId'] as const) {
      const params: Params = { ...win };
      delete params[name];
      expect(await post('win', params)).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    }
    expect(await post('win', { ...win, betTransactionId: 'x'.repeat(201) })).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await post('win', { ...win, player: 'not-a-player' })).toMatchObject({
      status: 404,
      body: { code: 'TOKEN_NOT_FOUND' },
    });
    // No player and a bet we never saw: nobody to pay.
    const { player: _player, ...withoutPlayer } = win;
    expect(
      await post('win', { ...withoutPlayer, betTransactionId: nextId('b'), id: nextId('w') }),
    ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect(await balanceOf(other.player.id)).toBe(10_000n);
  });

  it('pays a win without player to its bet’s player, found by betTransactionId', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    await post('bet', bet);
    const win = {
      amount: '400',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      betTransactionId: bet['id']!,
      id: nextId('w'),
    };
    const first = await post('win', win);
    expect(first).toMatchObject({ status: 200, body: { balance: 9_400 } });
    expect(await post('win', win)).toEqual(first);
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      currency: 'USD',
      game_id: gameA,
      bet_tx_id: bet['id'],
      amount: '400',
    });
    // Settled: the bet's refund is now refused.
    expect(await post('refund', r.refund(1_000, bet['id']!))).toMatchObject({ status: 429 });
  });

  it('pays a win in the older shape (amount, date, gameId, id, token) to the round’s bet', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    await post('bet', bet);
    const win = {
      token: tbl.token,
      amount: '2500',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      id: nextId('w'),
    };
    const first = await post('win', win);
    expect(first).toMatchObject({ status: 200, body: { balance: 11_500 } });
    expect(await post('win', win)).toEqual(first);
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      currency: 'USD',
      game_id: gameA,
      round_id: r.base['gameId'],
      bet_tx_id: bet['id'],
      amount: '2500',
    });
    // Without an id and without a bet to key it on, it cannot be told from another: refused.
    const lone = round(tbl);
    const { id: _id, ...withoutId } = { ...win, gameId: lone.base['gameId']! };
    expect(await post('win', withoutId)).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
  });

  it('looks the bet up among the named player’s own bets only', async () => {
    const tbl = await table(10_000n);
    const other = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    const betTx = transactionIdOf(await post('bet', bet));
    // Another player's bet, by its id or ours, is not theirs: a win of a bet never seen.
    for (const reference of [bet['id']!, betTx]) {
      const win = {
        amount: '100',
        date: r.base['date']!,
        gameId: r.base['gameId']!,
        player: other.player.id,
        betTransactionId: reference,
        id: nextId('w'),
      };
      expect((await post('win', win)).status).toBe(200);
      expect(await stored(other.player.id, 'win')).toMatchObject({
        game_id: null,
        bet_tx_id: reference,
      });
    }
    expect(await balanceOf(other.player.id)).toBe(10_200n);
    // ...so the bet's own player may still have it refunded.
    expect(await post('refund', r.refund(1_000, bet['id']!))).toMatchObject({
      status: 200,
      body: { balance: 10_000 },
    });
  });

  it('refunds with only id, amount, date, gameId and player; currency and game are the bet’s', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_500);
    await post('bet', bet);
    const refund = {
      id: bet['id']!,
      amount: '1500',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
    };
    const first = await post('refund', refund);
    expect(first).toEqual({
      status: 200,
      body: { balance: 10_000, transactionId: expect.any(String) as unknown },
    });
    expect(await post('refund', refund)).toEqual(first);
    expect(await stored(tbl.player.id, 'refund')).toMatchObject({
      currency: 'USD',
      amount: '1500',
    });
    const { player: _player, ...anonymous } = refund;
    expect(await post('refund', anonymous)).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: 'missing parameter: player' },
    });
  });

  it('credits a promoWin with only id, amount and player', async () => {
    const tbl = await table(1_000n);
    const params = { id: nextId('p'), amount: '250', player: tbl.player.id };
    expect(await post('promoWin', params)).toMatchObject({
      status: 200,
      body: { balance: 1_250 },
    });
    expect(await balanceOf(tbl.player.id)).toBe(1_250n);
  });
});

describe('a refund after its round was settled by a win', () => {
  it('is refused with 429 NO_RETRY and moves nothing, for a win or a zero win', async () => {
    const tbl = await table(10_000n);
    for (const won of [2_000, 0]) {
      const r = round(tbl);
      const bet = r.bet(1_000);
      const betTx = transactionIdOf(await post('bet', bet));
      expect((await post('win', r.win(won, betTx, won > 0 ? nextId('w') : undefined))).status).toBe(
        200,
      );
      const before = await balanceOf(tbl.player.id);
      const rows = (await rowsOf(tbl.player.id)).length;
      const refund = r.refund(1_000, bet['id']!);
      const refusal = {
        status: 429,
        body: { code: 'NO_RETRY', message: `bet ${bet['id']} was already settled by a win` },
      };
      expect(await post('refund', refund)).toEqual(refusal);
      // The provider's retry gets the same final answer.
      expect(await post('refund', refund)).toEqual(refusal);
      expect(await balanceOf(tbl.player.id)).toBe(before);
      expect(await rowsOf(tbl.player.id)).toHaveLength(rows);
    }
    expect(await balanceOf(tbl.player.id)).toBe(10_000n);
  });
});

describe('a database failure', () => {
  it('answers 500 INTERNAL_ERROR (retryable), moves nothing, and the retry lands once', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    // The connection dies under the posting (a stubbed ledger method, as the pool would throw).
    const spy = vi
      .spyOn(t.app.wallet, 'postBet')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      expect(await post('bet', betParams)).toEqual({
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'internal error, please retry' },
      });
    } finally {
      spy.mockRestore();
    }
    expect(await balanceOf(tbl.player.id)).toBe(10_000n);
    const bet = await post('bet', betParams);
    expect(bet).toMatchObject({ status: 200, body: { balance: 9_000 } });

    // A real failure inside the database: the win's insert raises, the statement rolls back.
    await t.db.execute(sql`
      create function test_endo_fail() returns trigger language plpgsql as $$
      begin
        if new.provider_tx_id like 'down-%' then raise exception 'simulated outage'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger test_endo_fail after insert on ledger_entries
      for each row execute function test_endo_fail()`);
    const winParams = r.win(5_000, transactionIdOf(bet), nextId('down-'));
    try {
      expect(await post('win', winParams)).toMatchObject({
        status: 500,
        body: { code: 'INTERNAL_ERROR' },
      });
      expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    } finally {
      await t.db.execute(sql`drop trigger test_endo_fail on ledger_entries`);
      await t.db.execute(sql`drop function test_endo_fail()`);
    }
    const win = await post('win', winParams);
    expect(win).toMatchObject({ status: 200, body: { balance: 14_000 } });
    expect(await post('win', winParams)).toEqual(win);
    expect((await rowsOf(tbl.player.id)).map((row) => row.kind)).toEqual(['bet', 'win']);

    // Logged, without the token, the sign or the salt.
    const failures = logLines.filter((line) => line.includes('Endorphina callback failed'));
    expect(failures).toHaveLength(2);
    expect(failures.join('\n')).toContain('simulated outage');
    const sign = endorphinaSign(winParams, settings.salt);
    for (const secret of [
      tbl.token,
      sign,
      endorphinaSign(betParams, settings.salt),
      settings.salt,
    ]) {
      expect(logLines.some((line) => line.includes(secret))).toBe(false);
    }
  });
});

describe('the ledger afterwards', () => {
  it('checks clean', async () => {
    await expectLedgerClean(t.db);
  });
});
