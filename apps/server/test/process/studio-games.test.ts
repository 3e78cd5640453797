import type { GamePage, LaunchResponse, ProviderSlug } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import { startFaultProxy, type DropRule, type FaultProxy } from '../helpers/fault-proxy';
import { createTestPlayer, freePort, type TestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * The studios' table and instant games in real mode, over HTTP with real signatures, through
 * each provider protocol that offers them: every stake of a round (a blackjack double, split
 * or insurance included) is its own bet in the ledger, the round's one win closes it, a lost
 * answer is retried without moving money twice, and a round the player abandons is settled.
 */
type Answer = Record<string, unknown> & { ok: boolean; balance: number; error?: string };

const launchPath: Record<ProviderSlug, (gameId: string) => string> = {
  endorphina: (id) => `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(id)}`,
  pragmatic: (id) => `/api/pragmatic/user-auth/en/${encodeURIComponent(id)}`,
  gbgames: (id) => `/api/provider2-game/launch?gameId=${encodeURIComponent(id)}`,
};
const betCall: Record<ProviderSlug, DropRule> = {
  endorphina: (_m, path) => path.startsWith('/api/endo-game/wallet/bet'),
  pragmatic: (_m, path) => path.startsWith('/api/pragmatic/wallet/bet.html'),
  gbgames: (_m, _p, body) => body.includes('"type":"bet"'),
};
const providers: ProviderSlug[] = ['endorphina', 'pragmatic', 'gbgames'];
const TYPES = ['roulette', 'blackjack', 'baccarat', 'crash', 'mines', 'plinko', 'keno'] as const;
type Type = (typeof TYPES)[number];

let t: TestApp;
let base: string;
let proxy: FaultProxy;

beforeAll(async () => {
  const port = await freePort();
  const proxyPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ env: { HOST: '127.0.0.1', PORT: String(proxyPort), PUBLIC_URL: base } });
  await t.app.gameCatalog.scheduler.start();
  await t.app.listen({ port, host: '127.0.0.1' });
  proxy = await startFaultProxy(proxyPort, port);
});

afterAll(async () => {
  await proxy.close();
  await t.close();
});

async function gameOf(provider: ProviderSlug, type: Type): Promise<string | undefined> {
  const category = ['roulette', 'blackjack', 'baccarat'].includes(type) ? 'table' : 'instant';
  const list = await fetch(
    `${base}/api/total/games?provider=${provider}&category=${category}&limit=100`,
  );
  const page = (await list.json()) as GamePage;
  return page.data.find((g) => g.name.toLowerCase().includes(type))?.gameId;
}

async function openGame(provider: ProviderSlug, gameId: string, balance = 1_000_000n) {
  const player = await createTestPlayer(t.db, systemClock, balance);
  const launched = await fetch(`${base}${launchPath[provider](gameId)}`, {
    headers: player.authorization,
  });
  expect(launched.status).toBe(200);
  const { url, mode } = (await launched.json()) as LaunchResponse;
  expect(mode).toBe('real');
  const opened = await fetch(url, { redirect: 'manual' });
  const page = opened.status === 302 ? opened.headers.get('location')! : url;
  return { player, page };
}

async function play(page: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${page}/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

/** Per round: its bets (count, total) and its wins, from the ledger. */
async function roundsOf(player: TestPlayer, provider: ProviderSlug) {
  const { rows } = await t.db.execute<{
    round_id: string;
    kind: string;
    operation: string;
    n: string;
    total: string;
  }>(sql`
    select round_id, kind, operation, count(*)::text as n, sum(amount)::text as total
    from ledger_entries where user_id = ${player.id}::uuid and provider = ${provider}
    group by round_id, kind, operation`);
  const rounds = new Map<string, { bets: number; staked: bigint; wins: number; won: bigint }>();
  for (const r of rows) {
    const entry = rounds.get(r.round_id) ?? { bets: 0, staked: 0n, wins: 0, won: 0n };
    if (r.kind === 'bet') {
      entry.bets += Number(r.n);
      entry.staked -= BigInt(r.total);
    } else if (r.kind === 'win') {
      // Pragmatic's prize drop (every 15th round) and bonusWin report are extras, not the
      // round's closing win; their money still counts.
      if (r.operation !== 'resultPromoWin' && r.operation !== 'bonusWin') entry.wins += Number(r.n);
      entry.won += BigInt(r.total);
    }
    rounds.set(r.round_id, entry);
  }
  return rounds;
}

/** Plays one round of `type` to its end with simple choices; returns the final answer. */
async function oneRound(page: string, type: Type): Promise<Answer> {
  switch (type) {
    case 'roulette':
      return play(page, {
        stakes: [
          { spot: 'red', amount: 1_000 },
          { spot: 'split:17-20', amount: 500 },
          { spot: 'dozen:3', amount: 200 },
        ],
      });
    case 'baccarat':
      return play(page, { stakes: { banker: 1_000, tie: 200 } });
    case 'plinko':
      return play(page, { bet: 1_000, risk: 'high' });
    case 'keno':
      return play(page, { bet: 1_000, picks: [1, 9, 17, 25, 33] });
    case 'mines': {
      let a = await play(page, { action: 'start', bet: 1_000, mines: 3 });
      if (a.ok) a = await play(page, { action: 'reveal', tile: 12 });
      if (a.ok && !a['over']) a = await play(page, { action: 'cashout' });
      return a;
    }
    case 'crash': {
      const a = await play(page, { action: 'start', bet: 1_000, auto: 150 });
      expect(a.ok).toBe(true);
      // The server settles by itself at ×1.50 (6.8 s) or at an earlier crash; cash out first.
      await new Promise((r) => setTimeout(r, 400));
      const out = await play(page, { action: 'cashout' });
      return out.ok ? out : await waitCrash(page);
    }
    case 'blackjack': {
      let a = await play(page, { action: 'deal', bet: 1_000 });
      while (a.ok && !a['over']) {
        if (a['phase'] === 'insurance') a = await play(page, { action: 'insurance', take: false });
        else a = await play(page, { action: 'stand' });
      }
      return a;
    }
  }
}

async function waitCrash(page: string): Promise<Answer> {
  for (let i = 0; i < 100; i++) {
    const s = await play(page, { action: 'status' });
    if (s['over']) return s;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('crash round never ended');
}

async function expectMoneyFollows(
  player: TestPlayer,
  provider: ProviderSlug,
  start: bigint,
  last: Answer,
) {
  const rounds = await roundsOf(player, provider);
  let staked = 0n;
  let won = 0n;
  for (const [, r] of rounds) {
    // One win closes each round, whatever its number of stakes (extras without a bet aside).
    if (r.bets > 0) expect(r.wins).toBe(1);
    staked += r.staked;
    won += r.won;
  }
  const wallet = await t.app.wallet.getBalance(player.id);
  expect(wallet.balance).toBe(start - staked + won);
  expect(BigInt(last.balance)).toBe(wallet.balance);
  await expectLedgerClean(t.db);
  return rounds;
}

describe.each(providers)('%s table and instant games in real mode', (provider) => {
  it.each(TYPES)(
    '%s: a round moves the wallet bet by bet and closes with one win',
    async (type) => {
      const gameId = await gameOf(provider, type);
      if (!gameId) return; // This studio lists no such game (Endorphina has no crash title).
      const { player, page } = await openGame(provider, gameId);
      const answer = await oneRound(page, type);
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true, winPending: false });
      const rounds = await expectMoneyFollows(player, provider, 1_000_000n, answer);
      expect(rounds.size).toBe(1);
      const [round] = [...rounds.values()];
      expect(round!.won).toBe(BigInt(answer['win'] as number));
    },
    60_000,
  );

  it('blackjack: a double, a split and insurance are further bets of the same round', async () => {
    const gameId = (await gameOf(provider, 'blackjack'))!;
    const { player, page } = await openGame(provider, gameId);
    const seen = { double: false, split: false, insurance: false };
    // The cards decide whether one round gets three stakes (a split or insurance, then a
    // double), so deal until one has, rather than stopping when each action was seen once.
    let mostStakes = 0;
    let last: Answer | undefined;
    const done = () => seen.double && seen.split && seen.insurance && mostStakes >= 3;
    for (let deal = 0; deal < 400 && !done(); deal++) {
      let a = await play(page, { action: 'deal', bet: 1_000 });
      let stakes = 1;
      while (a.ok && !a['over']) {
        const allowed = (a['allowed'] as string[] | undefined) ?? [];
        if (a['phase'] === 'insurance') {
          a = await play(page, { action: 'insurance', take: true });
          seen.insurance = true;
          stakes++;
        } else if (allowed.includes('split')) {
          a = await play(page, { action: 'split' });
          seen.split = true;
          stakes++;
        } else if (allowed.includes('double')) {
          a = await play(page, { action: 'double' });
          seen.double = true;
          stakes++;
        } else {
          a = await play(page, { action: 'stand' });
        }
      }
      expect(a, JSON.stringify(a)).toMatchObject({ ok: true, over: true });
      mostStakes = Math.max(mostStakes, stakes);
      last = a;
    }
    expect(seen).toEqual({ double: true, split: true, insurance: true });
    expect(mostStakes).toBeGreaterThanOrEqual(3);
    const rounds = await expectMoneyFollows(player, provider, 1_000_000n, last!);
    // Rounds with a second stake carry several bets, each its own ledger row.
    expect([...rounds.values()].some((r) => r.bets >= 2)).toBe(true);
    expect([...rounds.values()].some((r) => r.bets >= 3)).toBe(true);
  }, 120_000);

  it('blackjack: a double whose answer is lost is retried and applied once', async () => {
    const gameId = (await gameOf(provider, 'blackjack'))!;
    const { player, page } = await openGame(provider, gameId);
    let a = await play(page, { action: 'deal', bet: 2_000 });
    for (
      let i = 0;
      i < 50 && !(a.ok && a['phase'] === 'player' && (a['allowed'] as string[]).includes('double'));
      i++
    ) {
      while (a.ok && !a['over'])
        a = await play(
          page,
          a['phase'] === 'insurance' ? { action: 'insurance', take: false } : { action: 'stand' },
        );
      a = await play(page, { action: 'deal', bet: 2_000 });
    }
    const dropped = proxy.dropped().length;
    proxy.dropAnswerOnce(betCall[provider]);
    a = await play(page, { action: 'double' });
    expect(a, JSON.stringify(a)).toMatchObject({ ok: true, over: true, staked: 4_000 });
    expect(proxy.dropped().length - dropped).toBe(1);
    const rounds = await expectMoneyFollows(player, provider, 1_000_000n, a);
    expect(rounds.get(a['roundId'] as string)).toMatchObject({ bets: 2, staked: 4_000n, wins: 1 });
  }, 120_000);

  it('an abandoned round is settled by its rule when the player leaves (mines: cash-out)', async () => {
    const gameId = (await gameOf(provider, 'mines'))!;
    const { player, page } = await openGame(provider, gameId);
    let a = await play(page, { action: 'start', bet: 1_000, mines: 1 });
    expect(a.ok).toBe(true);
    a = await play(page, { action: 'reveal', tile: 0 });
    const safe = a.ok && !a['over'];
    // Leaving the game settles the open round before the session ends.
    await fetch(`${page}/exit`, { redirect: 'manual' });
    const rounds = await roundsOf(player, provider);
    expect(rounds.size).toBe(1);
    const [round] = [...rounds.values()];
    expect(round!.wins).toBe(1);
    // One safe tile of 24 with one mine pays 0.97 × 25/24 = 1.0104… of the stake, to the cent.
    expect(round!.won).toBe(safe ? 1_010n : 0n);
    const wallet = await t.app.wallet.getBalance(player.id);
    expect(wallet.balance).toBe(1_000_000n - 1_000n + round!.won);
    await expectLedgerClean(t.db);
  }, 60_000);
});
