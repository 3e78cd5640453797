import type { WalletTransactionsResponse } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogEntry, seedGames } from '../helpers/games';
import { bearer, createPlayer, me, signIn, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { txId } from '../helpers/wallets';

let t: TestApp;
let alice: SignedInPlayer;
let bob: SignedInPlayer;

beforeAll(async () => {
  t = await buildTestApp();
  await seedGames(t.db, 'pragmatic', [
    catalogEntry({ providerGameId: 'vs20olympgate', name: 'Gates of Olympus' }),
    catalogEntry({ providerGameId: 'vs10bbbonanza', name: 'Big Bass Bonanza' }),
  ]);
  // Same provider game id at another studio: the name is looked up by the pair.
  await seedGames(t.db, 'endorphina', [
    catalogEntry({ providerGameId: 'vs10bbbonanza', name: 'Not the Bass' }),
  ]);
  alice = await createPlayer(t);
  bob = await createPlayer(t);
  const wallet = t.app.wallet;
  await wallet.postAdjustment({
    userId: alice.id,
    amount: 50_000n,
    reason: 'test funds',
    idempotencyKey: txId('fund'),
    actor: 'test',
  });
  await wallet.postBet({
    userId: alice.id,
    amount: 1_500n,
    currency: 'USD',
    provider: 'pragmatic',
    txId: 'bet-1',
    gameId: 'vs20olympgate',
    roundId: '9001',
  });
  // A lost round's zero win: kept in the ledger, left out of the player's statement.
  await wallet.postWin({
    userId: alice.id,
    amount: 0n,
    currency: 'USD',
    provider: 'pragmatic',
    txId: 'win-0',
  });
  await wallet.postWin({
    userId: alice.id,
    amount: 3_250n,
    currency: 'USD',
    provider: 'pragmatic',
    txId: 'win-1',
  });
});

afterAll(async () => {
  await t.close();
});

function list(player: SignedInPlayer | undefined, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/wallet/transactions${query}`,
    headers: player ? bearer(player.accessToken) : {},
  });
}

describe('GET /api/wallet/transactions', () => {
  it("lists the player's own movements, newest first, as decimal strings", async () => {
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<WalletTransactionsResponse>();
    expect(body.next_before).toBeNull();
    expect(body.data.map((e) => [e.kind, e.amount, e.balance_after, e.provider])).toEqual([
      ['win', '3.25', '51.75', 'pragmatic'],
      ['bet', '-1.50', '48.50', 'pragmatic'],
      ['adjustment', '50.00', '50.00', null],
    ]);
    expect(body.data[1]).toMatchObject({
      game_id: 'vs20olympgate',
      game_name: 'Gates of Olympus',
      round_id: '9001',
      currency: 'USD',
    });
    // A win posted without a game id, and the operator's adjustment: no game.
    expect(body.data[0]).toMatchObject({ game_id: null, game_name: null });
    expect(body.data[2]).toMatchObject({ game_id: null, game_name: null });
    // The operator's reason is not the player's business.
    expect(JSON.stringify(body)).not.toContain('test funds');
  });

  it('pages with before', async () => {
    const first = (await list(alice, '?limit=2')).json<WalletTransactionsResponse>();
    expect(first.data).toHaveLength(2);
    expect(first.next_before).toBe(first.data[1]?.id);
    const rest = (
      await list(alice, `?limit=2&before=${first.next_before ?? ''}`)
    ).json<WalletTransactionsResponse>();
    expect(rest.data.map((e) => e.kind)).toEqual(['adjustment']);
    expect(rest.next_before).toBeNull();
  });

  it("never shows another player's rows", async () => {
    const body = (await list(bob)).json<WalletTransactionsResponse>();
    expect(body).toEqual({ data: [], next_before: null });
    // Not even by paging from one of Alice's ids.
    const aliceIds = (await list(alice)).json<WalletTransactionsResponse>().data.map((e) => e.id);
    const paged = (
      await list(bob, `?before=${String(Number(aliceIds[0]) + 1)}`)
    ).json<WalletTransactionsResponse>();
    expect(paged.data).toEqual([]);
  });

  it('asks a guest to sign in and refuses a bad page', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(alice, '?before=abc')).statusCode).toBe(400);
    expect((await list(alice, '?limit=0')).statusCode).toBe(400);
    expect((await list(alice, '?limit=101')).statusCode).toBe(400);
  });
});

describe('cashier movements', () => {
  it('shows a withdrawal and its reversal each as its own kind, credited back in full', async () => {
    const carol = await createPlayer(t);
    const wallet = t.app.wallet;
    const key = txId('withdrawal');
    await wallet.postOperatorMovement({
      kind: 'deposit',
      userId: carol.id,
      amount: 100_000n,
      idempotencyKey: txId('deposit'),
      actor: 'test',
    });
    await wallet.postOperatorMovement({
      kind: 'withdrawal',
      userId: carol.id,
      amount: 40_000n,
      idempotencyKey: key,
      actor: 'test',
    });
    await wallet.postWithdrawalReversal({ userId: carol.id, withdrawalKey: key, actor: 'test' });
    const res = await list(carol);
    expect(res.statusCode).toBe(200);
    const body = res.json<WalletTransactionsResponse>();
    expect(body.data.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['withdrawal_reversal', '40.00', '100.00'],
      ['withdrawal', '-40.00', '60.00'],
      ['deposit', '100.00', '100.00'],
    ]);
  });
});

describe('game names', () => {
  it("names each row's game in one query per page; null for a game the catalog lacks", async () => {
    const dave = await createPlayer(t);
    const wallet = t.app.wallet;
    await wallet.postAdjustment({
      userId: dave.id,
      amount: 20_000n,
      reason: 'test funds',
      idempotencyKey: txId('fund-dave'),
      actor: 'test',
    });
    const bets: [string, string][] = [
      ['pragmatic', 'vs20olympgate'],
      ['pragmatic', 'vs10bbbonanza'],
      ['pragmatic', 'vs20olympgate'],
      ['pragmatic', 'vs99unknown'],
      ['endorphina', 'vs10bbbonanza'],
    ];
    for (const [provider, gameId] of bets) {
      await wallet.postBet({
        userId: dave.id,
        amount: 1_000n,
        currency: 'USD',
        provider,
        txId: txId('bet'),
        gameId,
        roundId: txId('round'),
      });
    }

    // The statement itself is raw SQL (execute); selects are the sign-in check's and ours.
    const select = vi.spyOn(t.db, 'select');
    try {
      const body = (await list(dave)).json<WalletTransactionsResponse>();
      const withGames = select.mock.calls.length;
      expect(body.data.map((e) => [e.kind, e.provider, e.game_id, e.game_name])).toEqual([
        ['bet', 'endorphina', 'vs10bbbonanza', 'Not the Bass'],
        ['bet', 'pragmatic', 'vs99unknown', null],
        ['bet', 'pragmatic', 'vs20olympgate', 'Gates of Olympus'],
        ['bet', 'pragmatic', 'vs10bbbonanza', 'Big Bass Bonanza'],
        ['bet', 'pragmatic', 'vs20olympgate', 'Gates of Olympus'],
        ['adjustment', null, null, null],
      ]);

      // A page without any game asks the catalog nothing: one select fewer.
      select.mockClear();
      const rest = (
        await list(dave, `?before=${body.data.at(-2)?.id ?? ''}`)
      ).json<WalletTransactionsResponse>();
      expect(rest.data.map((e) => e.kind)).toEqual(['adjustment']);
      expect(withGames).toBe(select.mock.calls.length + 1);
    } finally {
      select.mockRestore();
    }
  });
});

describe('a player who signed out', () => {
  it('still gets a late win, and sees it at the next sign-in', async () => {
    const carol = await createPlayer(t);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(carol.accessToken),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(t, carol.accessToken)).statusCode).toBe(401);

    const seen: bigint[] = [];
    const stop = t.app.wallet.events.onBalanceChanged((e) => {
      if (e.userId === carol.id) seen.push(e.balance);
    });
    const win = await t.app.wallet.postWin({
      userId: carol.id,
      amount: 12_345n,
      currency: 'USD',
      provider: 'endorphina',
      txId: txId('late-win'),
    });
    stop();
    expect(win.outcome).toBe('applied');
    expect(seen).toEqual([12_345n]);

    const again = await signIn(t, carol);
    expect((await me(t, again.accessToken)).json<{ balance: string }>().balance).toBe('12.345');
  });
});
