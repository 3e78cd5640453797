import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createSessionRepository } from '../../src/features/auth/session-repository';
import { expectLedgerClean } from '../helpers/ledger';
import {
  betMessage,
  game,
  gbWalletSuite,
  newId,
  newRound,
  ok,
  refused,
  resultMessage,
} from './gbgames-wallet-suite';

// GB Games' result as one statement: the token's player is found inside its posting, with the
// answers of the way that looked the token up first (decision 102).
const { t, clock, newPlayer, send, balanceOf, rowsOf } = gbWalletSuite();

/** The token lookup the result used to make before its posting is a Drizzle select. */
const watchLookup = () => vi.spyOn(t.db, 'select');

describe('result in one statement', () => {
  it('credits a live token’s result with no lookup before its posting, storing the same request', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(ok('24.00'));
    const lookup = watchLookup();
    const postWin = vi.spyOn(t.app.wallet, 'postWin');
    const resultId = newId();
    expect(await send(resultMessage(p, resultId, betId, round, '2.50'))).toEqual(ok('26.50'));
    expect(lookup).not.toHaveBeenCalled();
    expect(postWin).toHaveBeenCalledTimes(1);
    expect(postWin.mock.calls[0]![0]).toHaveProperty('playerFrom');
    const { rows } = await t.db.execute<{ request: unknown; operation: string }>(sql`
      select request, operation from ledger_entries
      where provider = 'gbgames' and provider_tx_id = ${resultId}`);
    expect(rows).toEqual([
      {
        operation: 'result',
        request: {
          userId: p.id,
          amount: '2500',
          currency: 'USD',
          gameId: game,
          roundId: round,
          betTxId: betId,
        },
      },
    ]);
  });

  it('lands after the token expired or the player signed out, still in one statement', async () => {
    const expired = await newPlayer(25_005n, -60);
    const signedOut = await newPlayer(25_005n);
    await createSessionRepository(t.db).revoke(signedOut.sessionId, 'logout', clock.now());
    for (const p of [expired, signedOut]) {
      const lookup = watchLookup();
      expect(await send(resultMessage(p, newId(), newId(), newRound(), '1.00'))).toEqual(
        ok('26.00'),
      );
      expect(lookup).not.toHaveBeenCalled();
      lookup.mockRestore();
    }
  });

  it('answers a repeat with the first transactionId and the current balance; other content 409', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(ok('24.00'));
    const message = resultMessage(p, newId(), betId, round, '2.50');
    const first = await send(message);
    expect(first).toEqual(ok('26.50'));
    expect(await send(betMessage(p, newId(), newRound(), '0.50'))).toEqual(ok('26.00'));
    const lookup = watchLookup();
    const again = await send(message);
    expect(again).toEqual(ok('26.00'));
    expect(again.body['transactionId']).toBe(first.body['transactionId']);
    expect(lookup).not.toHaveBeenCalled();
    for (const changed of [
      { ...message, amount: '2.60' },
      { ...message, roundId: newRound() },
      { ...message, betTransactionId: newId() },
    ]) {
      expect(await send(changed)).toEqual(refused(409, 'DUPLICATE_MISMATCH'));
    }
    expect(await balanceOf(p)).toBe(26_005n);
  });

  it('replays a result first posted for the player by the ledger directly (the way before)', async () => {
    const p = await newPlayer(25_005n);
    const message = resultMessage(p, newId(), newId(), newRound(), '1.00');
    // What resultCall posted before it found the player inside the statement.
    const first = await t.app.wallet.postWin({
      userId: p.id,
      provider: 'gbgames',
      txId: message.transactionId,
      currency: 'USD',
      gameId: game,
      roundId: message.roundId,
      amount: 1_000n,
      operation: 'result',
      betTxId: message.betTransactionId,
    });
    const again = await send(message);
    expect(again).toEqual(ok('26.00'));
    expect(again.body['transactionId']).toBe(first.transactionId);
    expect(await rowsOf(p)).toHaveLength(1);
  });
});

describe('what the one statement does not take, answered as before', () => {
  it('an unknown token, someone else’s, or one of another game or currency: TOKEN_NOT_FOUND after the lookup', async () => {
    const p = await newPlayer(25_005n);
    const other = await newPlayer(25_005n);
    const round = newRound();
    for (const message of [
      resultMessage({ ...p, token: 'lt_unknown' }, newId(), newId(), round, '1.00'),
      resultMessage({ ...p, token: other.token }, newId(), newId(), round, '1.00'),
      { ...resultMessage(p, newId(), newId(), round, '1.00'), gameId: 'gb-b' },
      { ...resultMessage(p, newId(), newId(), round, '1.00'), currency: 'EUR' },
    ]) {
      const lookup = watchLookup();
      expect(await send(message)).toEqual(refused(404, 'TOKEN_NOT_FOUND'));
      expect(lookup).toHaveBeenCalled();
      lookup.mockRestore();
    }
    expect(await rowsOf(p)).toEqual([]);
    expect(await balanceOf(p)).toBe(25_005n);
    expect(await balanceOf(other)).toBe(25_005n);
  });

  it('leaves the ledger clean', async () => {
    await expectLedgerClean(t.db);
  });
});
