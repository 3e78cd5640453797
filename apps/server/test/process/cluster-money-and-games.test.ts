import type { GamePage, LaunchResponse, ProviderSlug } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { createFundedUser, txId } from '../helpers/wallets';
import { clusterUnderTest, openStream } from './cluster-under-test';

const c = clusterUnderTest();

describe('money across instances', () => {
  it('200 credits and 250 debits split over both, and 40 replays of one bet, are exact', async () => {
    const userId = await createFundedUser(c.db, c.a.app.wallet, 1_000_000n);
    const replayed = txId('bet-replay');
    const jobs: Promise<unknown>[] = [];
    for (let i = 0; i < 200; i += 1) {
      const on = i % 2 === 0 ? c.a : c.b;
      jobs.push(
        on.app.wallet.postWin({
          userId,
          amount: 700n,
          currency: 'USD',
          provider: 'endorphina',
          txId: txId('win'),
        }),
      );
    }
    for (let i = 0; i < 250; i += 1) {
      const on = i % 2 === 0 ? c.b : c.a;
      jobs.push(
        on.app.wallet.postBet({
          userId,
          amount: 1_000n,
          currency: 'USD',
          provider: 'endorphina',
          txId: txId('bet'),
        }),
      );
    }
    const replays = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? c.a : c.b).app.wallet.postBet({
        userId,
        amount: 5_000n,
        currency: 'USD',
        provider: 'endorphina',
        txId: replayed,
      }),
    );
    const [, outcomes] = await Promise.all([Promise.all(jobs), Promise.all(replays)]);
    expect(outcomes.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((r) => r.outcome === 'replayed')).toHaveLength(39);
    const { balance } = await c.b.app.wallet.getBalance(userId);
    expect(balance).toBe(1_000_000n + 200n * 700n - 250n * 1_000n - 5_000n);
    await expectLedgerClean(c.db);
  });

  it("a balance stream opened on A hears B's posting", async () => {
    const player = await createTestPlayer(c.db, systemClock, 10_000n);
    const stream = await openStream(c.a.base, player);
    expect(stream.status).toBe(200);
    expect(await stream.nextBalance()).toBe('10.00');
    await c.b.app.wallet.postWin({
      userId: player.id,
      amount: 2_500n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: txId('win'),
    });
    expect(await stream.nextBalance()).toBe('12.50');
    stream.close();
  });
});

/** How a player opens a real-money game of each provider on our API. */
const launchPath: Record<ProviderSlug, (gameId: string) => string> = {
  endorphina: (id) => `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(id)}`,
  pragmatic: (id) => `/api/pragmatic/user-auth/en/${encodeURIComponent(id)}`,
  gbgames: (id) => `/api/provider2-game/launch?gameId=${encodeURIComponent(id)}`,
};

interface SpinAnswer {
  ok: boolean;
  bet?: number;
  win?: number;
  balance: number;
}

describe('simulated studios behind the balancer', () => {
  it.each(['endorphina', 'pragmatic', 'gbgames'] as const)(
    '%s: a game launched through one instance plays through both, round by round',
    async (provider) => {
      const player = await createTestPlayer(c.db, systemClock, 100_000n);
      const list = await fetch(
        `${c.balancer.base}/api/total/games?provider=${provider}&category=slots&limit=1`,
      );
      const game = ((await list.json()) as GamePage).data[0]!;
      // Launched on A (the API call), opened and played through the balancer (A, B, A, …).
      const launched = await fetch(`${c.a.base}${launchPath[provider](game.gameId)}`, {
        headers: player.authorization,
      });
      expect(launched.status).toBe(200);
      const { url } = (await launched.json()) as LaunchResponse;
      expect(url.startsWith(c.balancer.base)).toBe(true);
      const opened = await fetch(url, { redirect: 'manual' });
      const page = opened.status === 302 ? opened.headers.get('location')! : url;
      expect(page).toMatch(/\/studios\/\w+\/game\/\w+$/);
      for (let i = 0; i < 2; i += 1) {
        const html = await fetch(page);
        expect(html.status).toBe(200);
        expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      }
      let staked = 0n;
      let won = 0n;
      let last: SpinAnswer | undefined;
      for (let i = 0; i < 6; i += 1) {
        const res = await fetch(`${page}/spin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bet: 1_000 }),
        });
        expect(res.status).toBe(200);
        last = (await res.json()) as SpinAnswer;
        expect(last, JSON.stringify(last)).toMatchObject({ ok: true });
        staked += BigInt(last.bet!);
        won += BigInt(last.win!);
      }
      const wallet = await c.a.app.wallet.getBalance(player.id);
      expect(wallet.balance).toBe(100_000n - staked + won);
      expect(BigInt(last!.balance)).toBe(wallet.balance);
      const { rows } = await c.db.execute<{ n: number }>(sql`
        select count(*)::int as n from ledger_entries
        where user_id = ${player.id}::uuid and kind = 'bet'`);
      expect(rows[0]?.n).toBe(6);
    },
  );

  it('a demo purse is one purse, whichever instance a spin reaches', async () => {
    const list = await fetch(`${c.b.base}/api/total/games?provider=gbgames&category=slots&limit=1`);
    const game = ((await list.json()) as GamePage).data[0]!;
    const opened = await fetch(
      `${c.balancer.base}/studios/gbgames/play/demo?gameId=${encodeURIComponent(game.gameId)}`,
      { redirect: 'manual' },
    );
    expect(opened.status).toBe(302);
    const page = opened.headers.get('location')!;
    let balance = 1_000_000;
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${page}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bet: 2_000 }),
      });
      const answer = (await res.json()) as SpinAnswer;
      expect(answer.ok).toBe(true);
      balance = balance - answer.bet! + answer.win!;
      expect(answer.balance).toBe(balance);
    }
  });

  it('an unknown session is a 404 on every instance, never forwarded in a loop', async () => {
    for (const base of [c.a.base, c.b.base]) {
      const res = await fetch(`${base}/studios/pragmatic/game/nosuchsession/state`);
      expect(res.status).toBe(404);
    }
  });
});
