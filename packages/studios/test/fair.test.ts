import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameType } from '../src/catalog/types';
import { fairRng, hashServerSeed } from '../src/fair/derive';
import type { FairRecord } from '../src/fair/ledger';
import { REPLAY } from '../src/fair/replay';
import { verifyRound } from '../src/fair/verify';
import { dealBaccarat } from '../src/games/baccarat/math';
import { Shoe } from '../src/games/cards';
import { BlackjackTable } from '../src/games/blackjack/table';
import { blackjackTheory } from '../src/games/blackjack/theory';
import { crashPoint } from '../src/games/crash/math';
import { handTotal, cardValue } from '../src/games/blackjack/rules';
import { GAME_HANDLERS } from '../src/games/registry';
import { playRound } from '../src/game/round';
import { fairKey } from '../src/game/session';
import { ROULETTE_SPOTS } from '../src/games/roulette/math';
import { seededRng } from '../src/shared/rng';
import { sessionFor, testDeps } from './helpers/game-session';

const ROUNDS = 1_000;
type Answer = Record<string, unknown> & { ok: boolean };

afterEach(() => vi.useRealTimers());

describe('fair RNG derivation', () => {
  it('is HMAC-SHA256(server seed, "client:nonce:block"), 4 bytes a draw, rejection sampling', () => {
    // The documented example (docs/protocols/provably-fair.md).
    const rng = fairRng('server-seed', 'client-seed', 0);
    const draws = Array.from({ length: 8 }, () => rng.int(37));
    expect(draws).toEqual([32, 13, 20, 16, 16, 16, 10, 16]);
    expect(hashServerSeed('server-seed')).toBe(
      '91024ec49c5bec0b689e42892526320fce08337205c91de94c7a588c20d08eeb',
    );
    expect(crashPoint(fairRng('server-seed', 'client-seed', 0))).toBe(178);
    // Another nonce or client seed gives another stream.
    const other = fairRng('server-seed', 'client-seed', 1);
    expect(Array.from({ length: 8 }, () => other.int(37))).not.toEqual(draws);
  });
});

describe('provably fair verifier', () => {
  it.each<GameType>([
    'slot',
    'roulette',
    'baccarat',
    'blackjack',
    'crash',
    'mines',
    'plinko',
    'keno',
  ])(
    'reproduces %s: 1,000 played rounds verify after rotation, a tampered one does not',
    async (type) => {
      const deps = testDeps();
      const session = sessionFor(type);
      const rng = seededRng(99);
      const spots = [...ROULETTE_SPOTS.keys()];
      const strategy = blackjackTheory().strategy;
      const act = (body: Record<string, unknown>): Promise<Answer> =>
        GAME_HANDLERS[type as Exclude<GameType, 'slot'>].act(session, body, deps);
      if (type === 'crash') vi.useFakeTimers();
      for (let i = 0; i < ROUNDS; i++) {
        switch (type) {
          case 'slot':
            expect((await playRound(session, 1_000, deps)).ok).toBe(true);
            break;
          case 'roulette':
            expect(
              (await act({ stakes: [{ spot: spots[rng.int(spots.length)], amount: 1_000 }] })).ok,
            ).toBe(true);
            break;
          case 'baccarat':
            expect((await act({ stakes: { banker: 1_000, tie: 100 } })).ok).toBe(true);
            break;
          case 'plinko':
            expect((await act({ bet: 1_000, risk: ['low', 'medium', 'high'][i % 3] })).ok).toBe(
              true,
            );
            break;
          case 'keno':
            expect(
              (
                await act({
                  bet: 1_000,
                  picks: [1 + (i % 40), 40 - (i % 20)].filter((n, k, a) => a.indexOf(n) === k),
                })
              ).ok,
            ).toBe(true);
            break;
          case 'mines': {
            let a = await act({ action: 'start', bet: 1_000, mines: 1 + (i % 10) });
            let tile = 0;
            while (a.ok && !a['over'] && tile < 3)
              a = await act({ action: 'reveal', tile: tile++ });
            if (!a['over']) a = await act({ action: 'cashout' });
            expect(a['over']).toBe(true);
            break;
          }
          case 'blackjack': {
            let a = await act({ action: 'deal', bet: 1_000 });
            while (!a['over']) {
              if (a['phase'] === 'insurance') {
                a = await act({ action: 'insurance', take: i % 2 === 0 });
                continue;
              }
              const hands = a['hands'] as { cards: number[] }[];
              const hand = hands[a['active'] as number]!;
              const dealer = a['dealer'] as number[];
              const allowed = a['allowed'] as string[];
              const { total, soft } = handTotal(hand.cards);
              const pair = allowed.includes('split') ? cardValue(hand.cards[0]!) : 0;
              let move = strategy.decide(
                cardValue(dealer[0]!),
                total,
                soft,
                allowed.includes('double'),
                pair,
              );
              if (!allowed.includes(move)) move = 'hit';
              a = await act({ action: move });
            }
            break;
          }
          case 'crash': {
            const start = await act({ action: 'start', bet: 1_000, auto: 101 + (i % 400) });
            expect(start.ok).toBe(true);
            await vi.advanceTimersByTimeAsync(rng.int(20_000));
            await act({ action: 'cashout' });
            await vi.advanceTimersByTimeAsync(200_000);
            expect(session.round).toBeUndefined();
            break;
          }
        }
      }
      const key = fairKey(session);
      expect(deps.fair.history(key)).toHaveLength(ROUNDS);
      // Before rotation the server seed is not shown.
      expect(deps.fair.history(key).every((r) => r.serverSeed === undefined)).toBe(true);
      const rotated = deps.fair.rotate(key, 'my-own-seed')!;
      expect(hashServerSeed(rotated.revealed)).toBe(rotated.revealedHash);
      const rounds = deps.fair.history(key);
      for (const r of rounds) {
        expect(r.serverSeed).toBe(rotated.revealed);
        expect(verifyRound(r, r.serverSeed!).ok, `${type} nonce ${r.nonce}`).toBe(true);
      }
      // The nonces run 0..999 with the same commitment.
      expect(new Set(rounds.map((r) => r.nonce)).size).toBe(ROUNDS);
      // A tampered record (another outcome or win) and a wrong seed are rejected.
      const first = rounds[0] as FairRecord;
      const tampered = {
        ...first,
        outcome: { ...first.outcome, win: (first.outcome['win'] as number) + 10 },
      };
      expect(verifyRound(tampered, rotated.revealed)).toMatchObject({
        ok: false,
        reason: 'OUTCOME_MISMATCH',
      });
      const renonced = { ...first, nonce: first.nonce + 1 };
      expect(verifyRound(renonced, rotated.revealed).ok).toBe(false);
      expect(verifyRound(first, 'f'.repeat(64))).toMatchObject({
        ok: false,
        reason: 'SEED_MISMATCH',
      });
      // The next round commits to the new seed, with the player's client seed, from nonce 0.
      expect(deps.fair.commitment(key)).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
      deps.reconciler.close();
    },
    60_000,
  );

  it('does not reveal the server seed while a round is open', async () => {
    const deps = testDeps();
    const session = sessionFor('blackjack');
    let a: Answer = { ok: false };
    // Deal until a round stays open (not an immediate blackjack).
    for (let i = 0; i < 20 && !(a.ok && !a['over']); i++) {
      a = await GAME_HANDLERS.blackjack.act(session, { action: 'deal', bet: 1_000 }, deps);
    }
    expect(deps.fair.rotate(fairKey(session))).toBeUndefined();
    await session.round!.settle();
    expect(deps.fair.rotate(fairKey(session))).toBeDefined();
    deps.reconciler.close();
  });
});

describe('docs/protocols/provably-fair.md script', () => {
  it('reproduces 200 rounds of each game exactly as the studio draws them', async () => {
    const doc = readFileSync(
      new URL('../../../docs/protocols/provably-fair.md', import.meta.url),
      'utf8',
    );
    const script = /```js\n([\s\S]*?)```/.exec(doc)![1]!;
    const dir = mkdtempSync(join(tmpdir(), 'fair-doc-'));
    const file = join(dir, 'verify-doc.mjs');
    writeFileSync(file, script);
    const mod = (await import(pathToFileURL(file).href)) as {
      stream: (s: string, c: string, n: number) => (n: number) => number;
      games: Record<
        string,
        (int: (n: number) => number, extra?: number) => Record<string, unknown>
      >;
    };
    const seed = 'a'.repeat(64);
    for (let nonce = 0; nonce < 200; nonce++) {
      const doc = (game: string, extra?: number) =>
        mod.games[game]!(mod.stream(seed, 'cs', nonce), extra);
      const ours = () => fairRng(seed, 'cs', nonce);
      expect(doc('slot')['stops']).toEqual(REPLAY.slot(ours(), { bet: 1_000 })['stops']);
      expect(doc('roulette')['pocket']).toBe(REPLAY.roulette(ours(), { stakes: [] })['pocket']);
      expect(doc('crash')['crash']).toBe(crashPoint(ours()));
      expect(doc('mines', 5)['mines']).toEqual(
        REPLAY.mines(ours(), { bet: 1_000, mines: 5, opened: [] })['mines'],
      );
      expect(doc('plinko')['path']).toEqual(
        REPLAY.plinko(ours(), { bet: 1_000, risk: 'low' })['path'],
      );
      expect(doc('keno')['drawn']).toEqual(
        REPLAY.keno(ours(), { bet: 1_000, picks: [1] })['drawn'],
      );
      const shoe = new Shoe(ours(), 6);
      expect(doc('blackjack', 10)['cards']).toEqual(Array.from({ length: 10 }, () => shoe.draw()));
      // A recorded hand lists its cards in deal order: the script's first ones, every time.
      const table = new BlackjackTable(ours(), 1_000);
      if (table.phase === 'insurance') table.insure(false);
      if (table.phase === 'player') table.move('hit');
      if (table.phase !== 'over') table.standAll();
      const { cards } = table.summary();
      expect(cards.length).toBeGreaterThanOrEqual(4);
      expect(doc('blackjack', cards.length)['cards']).toEqual(cards);
      const deal = dealBaccarat(ours());
      const dealt = doc('baccarat', deal.player.length + deal.banker.length)['cards'] as number[];
      expect([dealt[0], dealt[2], ...(deal.player.length === 3 ? [dealt[4]] : [])]).toEqual(
        deal.player,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
