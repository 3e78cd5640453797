// Pragmatic's Seamless Wallet money methods on the ledger, exercised as the provider would:
// form-encoded POSTs with real hashes through the app (t.app.inject), then the ledger read back.
// This file: who may bet, and parameters no column can hold.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  clock,
  disabledGame,
  entriesOf,
  game,
  gameIds,
  newPlayer,
  otherGame,
  post,
  reference,
  roundCall,
  roundId,
  t,
  usePragmaticWallet,
  wiredPrefix,
} from './pragmatic-wallet-context';

usePragmaticWallet();

describe('who may bet', () => {
  it('an unknown player gets 2 on bet, result and the reads', async () => {
    for (const userId of [randomUUID(), 'not-a-uuid', 'AB']) {
      expect(await post('bet', roundCall(userId, '1.00')), userId).toMatchObject({ error: 2 });
      expect(await post('result', roundCall(userId, '1.00')), userId).toMatchObject({ error: 2 });
      expect(await post('refund', { userId, reference: reference() }), userId).toMatchObject({
        error: 2,
      });
      expect(await post('endRound', { userId, gameId: game, roundId: '1' })).toMatchObject({
        error: 2,
      });
    }
  });

  it('a player who never launched a Pragmatic game gets 4; a game outside the catalog 8', async () => {
    const { userId } = await newPlayer(25_005n, false);
    expect(await post('bet', roundCall(userId, '1.00', { gameId: otherGame }))).toMatchObject({
      error: 4,
    });
    expect(await post('bet', roundCall(userId, '1.00', { gameId: 'vs99nosuch' }))).toMatchObject({
      error: 8,
    });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: 'vs99nosuch' }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8, description: 'Game not found' });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: otherGame }), { prefix: wiredPrefix }),
    ).toMatchObject({ error: 4 });
    expect(await balanceOf(userId)).toBe(25_005n);
  });

  it('with the catalog wired: a disabled game is 8 even with a live launch; the player is judged first', async () => {
    const { userId } = await newPlayer(25_005n, { providerGameId: disabledGame });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: disabledGame }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8, description: 'Game disabled' });
    expect(
      await post('bet', roundCall(randomUUID(), '1.00', { gameId: 'vs99nosuch' }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 2 });
    // Wins still land on a disabled game.
    expect(
      await post('result', roundCall(userId, '1.00', { gameId: disabledGame }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 0, cash: 26 });
    // And a live launch of an enabled game bets normally through the wired routes.
    const other = await newPlayer();
    expect(
      await post('bet', roundCall(other.userId, '1.00'), { prefix: wiredPrefix }),
    ).toMatchObject({
      error: 0,
      cash: 24,
    });
  });

  it('an expired launch: a new bet is refused (4), a retried one replayed; the result, refund and endRound land', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '2.00');
    const taken = await post('bet', bet);
    expect(taken).toMatchObject({ error: 0, cash: 23 });
    clock.advance(3600_000);
    try {
      expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 4 });
      // The result of another round: a refund of a bet whose own round has its result is
      // refused (120), see "refund" below.
      expect(
        await post('result', {
          ...bet,
          amount: '5.00',
          reference: reference(),
          roundId: roundId(),
        }),
      ).toMatchObject({
        error: 0,
        cash: 28,
      });
      // The bet taken before expiry, retried now: its first answer (current balance), not 4,
      // else the provider would refund a bet it believes failed. Other content is still 7.
      expect(await post('bet', bet)).toEqual({ ...taken, cash: 28 });
      expect(await post('bet', { ...bet, amount: '2.50' })).toMatchObject({ error: 7 });
      // Hours later, from the provider's reconciliation.
      clock.advance(5 * 3600_000);
      expect(
        await post('refund', { userId, reference: bet.reference!, amount: '2.00' }),
      ).toMatchObject({
        error: 0,
      });
      expect(await post('endRound', { userId, gameId: game, roundId: bet.roundId! })).toMatchObject(
        {
          error: 0,
          cash: 30,
        },
      );
    } finally {
      clock.set(new Date('2026-11-22T10:15:00.000Z'));
    }
    expect(await balanceOf(userId)).toBe(30_005n);
  });

  it('a launch already expired when recorded gets 4; a newer launch of the game is what counts', async () => {
    const { userId } = await newPlayer(25_005n, { ttlSeconds: -1 });
    expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 4 });
    await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get(game)!,
      userId,
    });
    expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 0, cash: 24 });
  });

  it('after sign-out a new bet is refused (2, logged out), a retried one replayed; the result still lands', async () => {
    const { userId, sessionId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    const taken = await post('bet', bet);
    expect(taken).toMatchObject({ error: 0 });
    await t.db.execute(
      sql`update sessions set revoked_at = ${new Date(clock.now().getTime() - 1000).toISOString()}::timestamptz where id = ${sessionId}::uuid`,
    );
    expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({
      error: 2,
      description: 'Player logged out',
    });
    expect(await post('result', { ...bet, amount: '4.00', reference: reference() })).toMatchObject({
      error: 0,
      cash: 28,
    });
    // A retry of the bet taken before the sign-out: its first answer, nothing moves.
    expect(await post('bet', bet)).toEqual({ ...taken, cash: 28 });
    expect(await balanceOf(userId)).toBe(28_005n);
  });
});

describe('a parameter no column can hold', () => {
  it('a NUL in a signed credit or bet is bad parameters (7), final, and moves nothing', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    expect(await post('bet', bet)).toMatchObject({ error: 0 });
    const before = await balanceOf(userId);
    const rows = (await entriesOf(userId)).length;
    for (const [method, params] of [
      ['result', { ...bet, amount: '2.00', reference: `r\u0000${reference()}` }],
      ['result', { ...bet, amount: '2.00', reference: reference(), roundDetails: 'x\u0000' }],
      ['bet', { ...roundCall(userId, '1.00'), gameId: `${game}\u0000` }],
      ['adjustment', { ...bet, amount: '1.00', reference: `a\u0000` }],
    ] as const) {
      expect(await post(method, params), method).toEqual({
        error: 7,
        description: 'Bad parameters: a parameter holds a NUL character or an unpaired surrogate',
      });
    }
    expect(await balanceOf(userId)).toBe(before);
    expect(await entriesOf(userId)).toHaveLength(rows);
    await expectLedgerClean(t.db);
  });
});

describe('the ledger afterwards', () => {
  it('passes the invariant check', async () => {
    await expectLedgerClean(t.db);
  });
});
