import type { GamePage, LaunchResponse, ProviderSlug } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import { startFaultProxy, type DropRule, type FaultProxy } from '../helpers/fault-proxy';
import { createTestPlayer, freePort, type TestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Real-mode play, as in production with PROVIDERS=simulated: the studios' games spin against
 * our wallet callbacks over real HTTP with real signatures. The studios reach us through a
 * proxy that can lose an answer after we applied the call, so the studio retries exactly as
 * after a timeout, and the retry must be answered from the first application.
 */
interface SpinAnswer {
  ok: boolean;
  error?: string;
  bet?: number;
  win?: number;
  /** Thousandths, as the game shows it. */
  balance: number;
  winPending?: boolean;
}

const launchPath: Record<ProviderSlug, (gameId: string) => string> = {
  endorphina: (id) => `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(id)}`,
  pragmatic: (id) => `/api/pragmatic/user-auth/en/${encodeURIComponent(id)}`,
  gbgames: (id) => `/api/provider2-game/launch?gameId=${encodeURIComponent(id)}`,
};

/** How each protocol's bet and win look on the wire, to lose their answers. */
const betCall: Record<ProviderSlug, DropRule> = {
  endorphina: (_m, path) => path.startsWith('/api/endo-game/wallet/bet'),
  pragmatic: (_m, path) => path.startsWith('/api/pragmatic/wallet/bet.html'),
  gbgames: (_m, _p, body) => body.includes('"type":"bet"'),
};
const winCall: Record<ProviderSlug, DropRule> = {
  endorphina: (_m, path) => path.startsWith('/api/endo-game/wallet/win'),
  pragmatic: (_m, path) => path.startsWith('/api/pragmatic/wallet/result.html'),
  gbgames: (_m, _p, body) => body.includes('"type":"result"'),
};

const providers: ProviderSlug[] = ['endorphina', 'pragmatic', 'gbgames'];

let t: TestApp;
let base: string;
let proxy: FaultProxy;

beforeAll(async () => {
  const port = await freePort();
  const proxyPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  // PORT is where the studios send their callbacks: the proxy, which forwards to us.
  t = await buildTestApp({
    env: { HOST: '127.0.0.1', PORT: String(proxyPort), PUBLIC_URL: base },
  });
  await t.app.gameCatalog.scheduler.start();
  await t.app.listen({ port, host: '127.0.0.1' });
  proxy = await startFaultProxy(proxyPort, port);
});

afterAll(async () => {
  await proxy.close();
  await t.close();
});

/** A funded player with a real-mode game of `provider` open: the game page's URL. */
async function openGame(provider: ProviderSlug, balance = 100_000n) {
  const player = await createTestPlayer(t.db, systemClock, balance);
  const list = await fetch(`${base}/api/total/games?provider=${provider}&category=slots&limit=1`);
  const game = ((await list.json()) as GamePage).data[0]!;
  const launched = await fetch(`${base}${launchPath[provider](game.gameId)}`, {
    headers: player.authorization,
  });
  expect(launched.status).toBe(200);
  const { url, mode } = (await launched.json()) as LaunchResponse;
  expect(mode).toBe('real');
  const opened = await fetch(url, { redirect: 'manual' });
  const page = opened.status === 302 ? opened.headers.get('location')! : url;
  expect(page).toMatch(/\/studios\/\w+\/game\/\w+$/);
  return { player, page };
}

async function spin(page: string, bet: number): Promise<SpinAnswer> {
  const res = await fetch(`${page}/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SpinAnswer;
}

async function rowsOf(player: TestPlayer, provider: ProviderSlug) {
  const { rows } = await t.db.execute<{ kind: string; n: string; total: string }>(sql`
    select kind, count(*)::text as n, coalesce(sum(amount), 0)::text as total
    from ledger_entries where user_id = ${player.id}::uuid and provider = ${provider}
    group by kind`);
  return Object.fromEntries(rows.map((r) => [r.kind, { n: Number(r.n), total: BigInt(r.total) }]));
}

describe.each(providers)('%s real-mode play over HTTP', (provider) => {
  it('moves the wallet bet by bet, and the game shows what the ledger holds', async () => {
    const { player, page } = await openGame(provider, 100_000n);
    let last: SpinAnswer | undefined;
    let staked = 0n;
    let won = 0n;
    for (let i = 0; i < 12; i += 1) {
      const answer = await spin(page, 1_000);
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true, winPending: false });
      staked += BigInt(answer.bet!);
      won += BigInt(answer.win!);
      last = answer;
    }
    const wallet = await t.app.wallet.getBalance(player.id);
    expect(wallet.balance).toBe(100_000n - staked + won);
    expect(BigInt(last!.balance)).toBe(wallet.balance);
    const rows = await rowsOf(player, provider);
    expect(rows['bet']).toEqual({ n: 12, total: -staked });
    expect(rows['win']?.total).toBe(won);
    await expectLedgerClean(t.db);
  }, 60_000);

  it('refuses a bet the wallet cannot cover, moving nothing', async () => {
    const { player, page } = await openGame(provider, 1_500n);
    const answer = await spin(page, 2_000);
    expect(answer).toMatchObject({ ok: false, error: 'INSUFFICIENT_FUNDS' });
    expect((await t.app.wallet.getBalance(player.id)).balance).toBe(1_500n);
    expect(await rowsOf(player, provider)).not.toHaveProperty('bet');
  }, 60_000);

  it('applies a bet and a win once when their answers are lost and the studio retries', async () => {
    const { player, page } = await openGame(provider, 100_000n);
    const before = proxy.dropped().length;
    proxy.dropAnswerOnce(betCall[provider]);
    proxy.dropAnswerOnce(winCall[provider]);
    const answer = await spin(page, 5_000);
    expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true, winPending: false });
    expect(proxy.dropped().length - before).toBe(2);
    const rows = await rowsOf(player, provider);
    expect(rows['bet']).toEqual({ n: 1, total: -5_000n });
    expect(rows['win']?.n).toBe(1);
    const wallet = await t.app.wallet.getBalance(player.id);
    expect(wallet.balance).toBe(100_000n - 5_000n + BigInt(answer.win!));
    expect(BigInt(answer.balance)).toBe(wallet.balance);
    await expectLedgerClean(t.db);
  }, 60_000);

  it('applies a bet once when its answer comes after the studio timed out and retried', async () => {
    // The studios wait 8 s for an answer: this one comes after 9 s, to a caller long gone.
    const { player, page } = await openGame(provider, 100_000n);
    proxy.holdAnswerOnce(betCall[provider], 9_000);
    const betsBefore = proxy.count(betCall[provider]);
    const answer = await spin(page, 2_000);
    expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true, winPending: false });
    // The first attempt timed out; the retry (same id) got the first application's answer.
    expect(proxy.count(betCall[provider]) - betsBefore).toBe(2);
    const rows = await rowsOf(player, provider);
    expect(rows['bet']).toEqual({ n: 1, total: -2_000n });
    expect(rows['win']?.n).toBe(1);
    expect((await t.app.wallet.getBalance(player.id)).balance).toBe(
      100_000n - 2_000n + BigInt(answer.win!),
    );
    await expectLedgerClean(t.db);
  }, 60_000);
});

describe('pragmatic real-mode play sends the provider’s other shapes', () => {
  it('a prize drop on the 15th round is paid once (its answer lost once), the 20th round’s bonusWin moves nothing', async () => {
    const { player, page } = await openGame('pragmatic', 100_000n);
    // The result carrying the prize drop: its answer is lost, the studio retries it.
    const dropped = proxy.dropped().length;
    proxy.dropAnswerOnce(
      (_m, path, body) =>
        path.startsWith('/api/pragmatic/wallet/result.html') && body.includes('promoWinAmount'),
    );
    let staked = 0n;
    let won = 0n;
    let last: SpinAnswer | undefined;
    for (let i = 0; i < 20; i += 1) {
      const answer = await spin(page, 1_000);
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true, winPending: false });
      staked += BigInt(answer.bet!);
      won += BigInt(answer.win!);
      last = answer;
    }
    expect(proxy.dropped().length - dropped).toBe(1);
    // The prize drop is worth the stake (1.00), paid once.
    const wallet = await t.app.wallet.getBalance(player.id);
    expect(wallet.balance).toBe(100_000n - staked + won + 1_000n);
    expect(BigInt(last!.balance)).toBe(wallet.balance);
    const { rows } = await t.db.execute<{ operation: string; n: string; total: string }>(sql`
      select operation, count(*)::text as n, sum(amount)::text as total
      from ledger_entries where user_id = ${player.id}::uuid and provider = 'pragmatic'
      group by operation order by operation`);
    expect(rows).toEqual([
      { operation: 'bet', n: '20', total: String(-staked) },
      { operation: 'bonusWin', n: '1', total: '0' },
      { operation: 'result', n: '20', total: String(won) },
      { operation: 'resultPromoWin', n: '1', total: '1000' },
    ]);
    await expectLedgerClean(t.db);
  }, 60_000);
});
