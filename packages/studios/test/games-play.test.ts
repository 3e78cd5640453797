import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GbWalletClient } from '../src/gbgames/wallet-client';
import { gbSessionWallet } from '../src/gbgames/session-wallet';
import { GAME_HANDLERS } from '../src/games/registry';
import { MIN_TARGET, multiplierAt } from '../src/games/crash/math';
import { minesCashout } from '../src/games/mines/math';
import type { PlaySession } from '../src/game/session';
import { fakeGbOperator } from './helpers/fake-gbgames';
import { sessionFor, testDeps } from './helpers/game-session';

type Answer = Record<string, unknown> & { ok: boolean; balance: number; error?: string };
const act = (session: PlaySession, body: Record<string, unknown>, deps = testDeps()) =>
  GAME_HANDLERS[session.game.gameType as 'crash'].act(session, body, deps) as Promise<Answer>;

afterEach(() => vi.useRealTimers());

describe('crash rounds', () => {
  it('pays the stake × the multiplier at the moment of cash-out', async () => {
    vi.useFakeTimers();
    const deps = testDeps(3);
    for (let i = 0; i < 50; i++) {
      const session = sessionFor('crash', undefined, 100_000);
      expect((await act(session, { action: 'start', bet: 1_000, auto: 100_000 }, deps)).ok).toBe(
        true,
      );
      const crash = (session.round!.state as { crash: number }).crash;
      if (crash < 150) {
        // Too early to cash out at ×1.00; the round busts by itself at its crash point.
        await vi.advanceTimersByTimeAsync(100_000);
        continue;
      }
      await vi.advanceTimersByTimeAsync(6_000); // ×1.43
      const m = multiplierAt(6_000);
      expect(m).toBeLessThan(crash);
      const out = await act(session, { action: 'cashout' }, deps);
      expect(out).toMatchObject({ ok: true, over: true, cashout: m, win: m * 10 });
      expect(out.balance).toBe(100_000 - 1_000 + m * 10);
      expect(session.round).toBeUndefined();
      deps.reconciler.close();
      return;
    }
    throw new Error('no crash point above ×1.50 in 50 rounds');
  });

  it('busts at the crash point when nobody cashes out, and refuses a cash-out below ×1.01', async () => {
    vi.useFakeTimers();
    const deps = testDeps(4);
    const session = sessionFor('crash', undefined, 100_000);
    await act(session, { action: 'start', bet: 1_000, auto: 100_000 }, deps);
    const crash = (session.round!.state as { crash: number }).crash;
    if (crash > 100)
      expect(await act(session, { action: 'cashout' }, deps)).toMatchObject({
        ok: false,
        error: 'TOO_EARLY',
      });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(session.round).toBeUndefined();
    const status = await act(session, { action: 'status' }, deps);
    expect(status).toMatchObject({ ok: true, over: true, crash, win: 0, cashout: null });
    expect(status.balance).toBe(99_000);
    expect(MIN_TARGET).toBe(101);
    deps.reconciler.close();
  });

  it('settles by the auto cash-out when the player is gone', async () => {
    vi.useFakeTimers();
    const deps = testDeps(5);
    let paid = 0;
    for (let i = 0; i < 30; i++) {
      const session = sessionFor('crash', undefined, 100_000);
      await act(session, { action: 'start', bet: 1_000, auto: 120 }, deps);
      const crash = (session.round!.state as { crash: number }).crash;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(session.round).toBeUndefined();
      expect(session.balance).toBe(crash >= 120 ? 100_200 : 99_000);
      if (crash >= 120) paid++;
    }
    expect(paid).toBeGreaterThan(0);
    deps.reconciler.close();
  });
});

describe('abandoned rounds', () => {
  it('blackjack: after a minute without the player every open hand stands and the round is paid', async () => {
    vi.useFakeTimers();
    const deps = testDeps(6);
    const session = sessionFor('blackjack', undefined, 100_000);
    let a: Answer = { ok: false, balance: 0 };
    for (let i = 0; i < 20 && !(a.ok && !a['over']); i++) {
      a = await GAME_HANDLERS.blackjack.act(session, { action: 'deal', bet: 1_000 }, deps);
    }
    expect(session.round).toBeDefined();
    const before = session.balance;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(session.round).toBeDefined();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(session.round).toBeUndefined();
    const [last] = deps.fair.history(`demo:${session.id}`);
    // The rule applied: insurance declined, every open hand stood; nothing else was decided.
    const moves = last!.params['moves'] as string[];
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((m) => m === 'stand' || m === 'no-insurance')).toBe(true);
    expect(session.balance).toBe(before + (last!.outcome['win'] as number));
    deps.reconciler.close();
  });

  it('mines: pays the multiplier reached, or returns the stake when no tile was opened', async () => {
    vi.useFakeTimers();
    const deps = testDeps(8);
    const idle = sessionFor('mines', undefined, 100_000);
    await GAME_HANDLERS.mines.act(idle, { action: 'start', bet: 1_000, mines: 1 }, deps);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(idle.round).toBeUndefined();
    expect(idle.balance).toBe(100_000);
    const played = sessionFor('mines', undefined, 100_000);
    await GAME_HANDLERS.mines.act(played, { action: 'start', bet: 1_000, mines: 1 }, deps);
    const mines = (played.round!.state as { mines: number[] }).mines;
    const safe = [0, 1].find((t) => !mines.includes(t))!;
    await GAME_HANDLERS.mines.act(played, { action: 'reveal', tile: safe }, deps);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(played.round).toBeUndefined();
    expect(played.balance).toBe(100_000 - 1_000 + minesCashout(1_000, 1, 1));
    deps.reconciler.close();
  });
});

describe('a further stake on the GB Games wallet', () => {
  const SECRET = 'gb-secret';
  let operator: Awaited<ReturnType<typeof fakeGbOperator>>;
  beforeAll(async () => {
    operator = await fakeGbOperator(SECRET);
  });
  afterAll(async () => {
    await operator.close();
  });

  it('is a bet of the same round with its own id; an unconfirmed one is refunded by that id and the hand stays', async () => {
    operator.addPlayer('tok', 'p-9', 100_000);
    const client = new GbWalletClient(
      { siteUrl: operator.url, secret: SECRET },
      { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 300 },
    );
    const wallet = gbSessionWallet(client, {
      token: 'tok',
      playerId: 'p-9',
      gameId: 'gb-x',
      currency: 'USD',
    });
    const deps = testDeps(11);
    const session = sessionFor('blackjack', wallet, 0);
    let a: Answer;
    for (let i = 0; i < 40; i++) {
      a = await GAME_HANDLERS.blackjack.act(session, { action: 'deal', bet: 1_000 }, deps);
      if (a.ok && a['phase'] === 'player' && (a['allowed'] as string[]).includes('double')) break;
      while (a.ok && !a['over']) {
        a = await GAME_HANDLERS.blackjack.act(
          session,
          a['phase'] === 'insurance' ? { action: 'insurance', take: false } : { action: 'stand' },
          deps,
        );
      }
    }
    const calls = operator.calls.length;
    operator.fail('bet', 'http500', 'http500');
    const refused = (await GAME_HANDLERS.blackjack.act(
      session,
      { action: 'double' },
      deps,
    )) as Answer;
    expect(refused).toMatchObject({ ok: false, error: 'WALLET_UNAVAILABLE' });
    const sent = operator.calls.slice(calls).map((c) => c.body);
    const mainBet = operator.calls.filter((c) => c.body['type'] === 'bet').at(-3)!.body;
    const [b1, b2, refund] = sent;
    expect(b1).toMatchObject({ type: 'bet', amount: '1.00', roundId: mainBet['roundId'] });
    expect(b2!['transactionId']).toBe(b1!['transactionId']);
    expect(b1!['transactionId']).not.toBe(mainBet['transactionId']);
    expect(refund).toMatchObject({
      type: 'refund',
      betTransactionId: b1!['transactionId'],
      amount: '1.00',
      roundId: mainBet['roundId'],
    });
    // The hand is as it was: the player can still double (now accepted) or stand.
    const again = (await GAME_HANDLERS.blackjack.act(
      session,
      { action: 'double' },
      deps,
    )) as Answer;
    expect(again).toMatchObject({ ok: true, over: true, staked: 2_000 });
    const result = operator.calls.at(-1)!.body;
    expect(result).toMatchObject({
      type: 'result',
      betTransactionId: mainBet['transactionId'],
      roundId: mainBet['roundId'],
    });
    deps.reconciler.close();
  });
});
