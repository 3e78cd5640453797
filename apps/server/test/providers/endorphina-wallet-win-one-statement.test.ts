// Endorphina's money callbacks on the ledger (endorphina-wallet-context.ts). This file: the
// usual win (token, betTransactionId, id) as one statement, its player and bet found inside
// its posting, with the answers of the way that looked them up first (decision 102).
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionRepository } from '../../src/features/auth/session-repository';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  clock,
  gameA,
  gameB,
  gameIds,
  nextId,
  post,
  round,
  stored,
  t,
  table,
  transactionIdOf,
  useEndorphinaWallet,
  type Params,
} from './endorphina-wallet-context';

useEndorphinaWallet();

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Watches the reads the win used to make before its posting: the token's (a Drizzle select),
 * the bet's, the round's bets and the wallet's currency.
 */
function watchLookups() {
  return [
    vi.spyOn(t.db, 'select'),
    vi.spyOn(t.app.wallet, 'findBet'),
    vi.spyOn(t.app.wallet, 'findRoundBets'),
    vi.spyOn(t.app.wallet, 'getBalance'),
  ];
}
const lookupsMade = (spies: ReturnType<typeof watchLookups>) =>
  spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

/** The stored request (what a repeat must match) of the player's latest win. */
async function requestOf(userId: string): Promise<unknown> {
  const { rows } = await t.db.execute<{ request: unknown }>(sql`
    select request from ledger_entries
    where user_id = ${userId}::uuid and provider = 'endorphina' and kind = 'win'
    order by id desc limit 1`);
  return rows[0]?.request;
}

describe('the usual win in one statement', () => {
  it('credits a live token’s win with no lookup before its posting, storing the same request', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).status).toBe(200);
    const spies = watchLookups();
    const postWin = vi.spyOn(t.app.wallet, 'postWin');
    const win = r.win(2_500, bet['id']!, nextId('w'));
    expect(await post('win', win)).toEqual({
      status: 200,
      body: { balance: 11_500, transactionId: expect.stringMatching(/^\d+$/) as unknown },
    });
    expect(lookupsMade(spies)).toBe(0);
    expect(postWin).toHaveBeenCalledTimes(1);
    expect(postWin.mock.calls[0]![0]).toHaveProperty('playerFrom');
    expect(await requestOf(tbl.player.id)).toEqual({
      userId: tbl.player.id,
      amount: '2500',
      currency: 'USD',
      gameId: gameA,
      roundId: r.base['gameId'],
      betTxId: bet['id'],
    });
  });

  it('takes the currency from the bet and the game from the token when the call leaves them out', async () => {
    const tbl = await table(10_000n, { game: gameB });
    const r = round(tbl);
    const bet: Params = { ...r.bet(1_000), game: gameB };
    const betTx = transactionIdOf(await post('bet', bet));
    const spies = watchLookups();
    // By the transactionId we answered for the bet: the bet's own id is stored.
    const { currency: _c, game: _g, ...win } = r.win(0, betTx, nextId('w'));
    expect(await post('win', win)).toMatchObject({ status: 200, body: { balance: 9_000 } });
    expect(lookupsMade(spies)).toBe(0);
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      currency: 'USD',
      game_id: gameB,
      bet_tx_id: bet['id'],
      amount: '0',
    });
  });

  it('credits a bet never seen, or another player’s, to the token’s player under the reference sent', async () => {
    const tbl = await table(10_000n);
    const other = await table(10_000n);
    const theirs = round(other).bet(1_000);
    const theirTx = transactionIdOf(await post('bet', theirs));
    const r = round(tbl);
    for (const reference of [nextId('b'), theirs['id']!, theirTx]) {
      const { currency: _c, ...win } = r.win(100, reference, nextId('w'));
      expect((await post('win', win)).status).toBe(200);
      expect(await stored(tbl.player.id, 'win')).toMatchObject({
        currency: 'USD',
        game_id: gameA,
        bet_tx_id: reference,
      });
    }
    expect(await balanceOf(tbl.player.id)).toBe(10_300n);
    expect(await balanceOf(other.player.id)).toBe(9_000n);
  });

  it('lands a win after the token expired, the provider ended it or the player signed out', async () => {
    const expired = await table(10_000n, { ttlSeconds: -60 });
    const ended = await table(10_000n);
    expect((await post('endSession', { token: ended.token })).status).toBe(200);
    const signedOut = await table(10_000n, { signInSession: true });
    await createSessionRepository(t.db).revoke(signedOut.player.sessionId, 'logout', clock.now());
    for (const tbl of [expired, ended, signedOut]) {
      const spies = watchLookups();
      expect(await post('win', round(tbl).win(700, nextId('b'), nextId('w')))).toMatchObject({
        status: 200,
        body: { balance: 10_700 },
      });
      expect(lookupsMade(spies)).toBe(0);
      vi.restoreAllMocks();
    }
  });

  it('answers a repeat with the first body, and other content with NO_RETRY, moving nothing', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).status).toBe(200);
    const win = r.win(2_500, bet['id']!, nextId('w'));
    const first = await post('win', win);
    expect(first).toMatchObject({ status: 200, body: { balance: 11_500 } });
    expect((await post('bet', r.bet(500))).status).toBe(200);
    const spies = watchLookups();
    // The first body again (the balance right after it), though the balance moved since.
    expect(await post('win', win)).toEqual(first);
    expect(lookupsMade(spies)).toBe(0);
    for (const changed of [
      { ...win, amount: '2600' },
      { ...win, gameId: `${win['gameId']}9` },
      { ...win, game: gameB },
    ]) {
      expect(await post('win', changed)).toEqual({
        status: 429,
        body: { code: 'NO_RETRY', message: expect.any(String) as unknown },
      });
    }
    expect(await balanceOf(tbl.player.id)).toBe(11_000n);
  });

  it('answers copies sent at once with one posting and the same body', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).status).toBe(200);
    const win = r.win(2_500, bet['id']!, nextId('w'));
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('win', win)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200, body: { balance: 11_500 } });
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
  });

  it('replays a win first posted the older way (no token) when it comes again with its token', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).status).toBe(200);
    const win = r.win(300, bet['id']!, nextId('w'));
    const { token: _token, ...withoutToken } = win;
    const first = await post('win', withoutToken);
    expect(first).toMatchObject({ status: 200, body: { balance: 9_300 } });
    // The same request, built in SQL this time: a replay, never a conflict.
    expect(await post('win', win)).toEqual(first);
    expect(await balanceOf(tbl.player.id)).toBe(9_300n);
  });
});

describe('what the one statement does not take, answered as before', () => {
  it('an unknown token is TOKEN_NOT_FOUND, a player that is not the token’s NO_RETRY, nothing posted', async () => {
    const tbl = await table(10_000n);
    const other = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).status).toBe(200);
    const spies = watchLookups();
    expect(await post('win', { ...r.win(500, bet['id']!, nextId('w')), token: 'nope' })).toEqual({
      status: 404,
      body: { code: 'TOKEN_NOT_FOUND', message: 'unknown launch token' },
    });
    // Refused after a read that explains the miss.
    expect(lookupsMade(spies)).toBeGreaterThan(0);
    expect(
      await post('win', { ...r.win(500, bet['id']!, nextId('w')), player: other.player.id }),
    ).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: "player is not the launch token's player" },
    });
    // Another provider's token of the same player is unknown here.
    const pragmaticToken = await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get('vs10x')!,
      userId: tbl.player.id,
    });
    expect(
      await post('win', { ...r.win(500, bet['id']!, nextId('w')), token: pragmaticToken }),
    ).toEqual({ status: 404, body: { code: 'TOKEN_NOT_FOUND', message: 'unknown launch token' } });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect(await balanceOf(other.player.id)).toBe(10_000n);
  });

  it('a malformed id is NO_RETRY after the token’s own refusal, as before', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const long = 'w'.repeat(201);
    expect(await post('win', { ...r.win(500, nextId('b'), long), token: 'nope' })).toMatchObject({
      status: 404,
      body: { code: 'TOKEN_NOT_FOUND' },
    });
    expect(await post('win', r.win(500, nextId('b'), long))).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await post('win', r.win(500, 'b'.repeat(201), nextId('w')))).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await balanceOf(tbl.player.id)).toBe(10_000n);
  });

  it('a win without id or betTransactionId takes the way with lookups', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).status).toBe(200);
    const spies = watchLookups();
    // A zero win without id, keyed on its bet.
    expect(await post('win', r.win(0, bet['id']!))).toMatchObject({
      status: 200,
      body: { balance: 9_000 },
    });
    expect(lookupsMade(spies)).toBeGreaterThan(0);
    expect(await stored(tbl.player.id, 'win')).toMatchObject({ bet_tx_id: bet['id'] });
  });

  it('leaves the ledger clean', async () => {
    await expectLedgerClean(t.db);
  });
});
