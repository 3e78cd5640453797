import { describe, expect, it } from 'vitest';
import { seededRng, type Rng } from '../../shared/rng';
import { cardValue, handTotal } from './rules';
import { BlackjackTable } from './table';
import { blackjackTheory } from './theory';

const ROUNDS = 1_000_000;

/** A fixed sequence of cards: the shoe's Fisher–Yates picks exactly these ranks in order. */
function riggedRng(ranks: number[]): Rng {
  // Each draw takes position i + int(n - i); a cards array starts as i % 52 repeated, so we
  // answer with the offset of the first remaining card of the wanted rank. A shadow copy of
  // the shoe follows the swaps.
  const cards = Array.from({ length: 312 }, (_, i) => i % 52);
  let dealt = 0;
  return {
    int(n) {
      const wanted = ranks[dealt]!;
      const j = cards.findIndex((c, k) => k >= dealt && c % 13 === wanted);
      [cards[dealt], cards[j]] = [cards[j]!, cards[dealt]!];
      dealt += 1;
      expect(n).toBe(312 - dealt + 1);
      return j - (dealt - 1);
    },
  };
}
// Ranks: 0 ace, 1–8 two to nine, 9 ten, 10–12 faces.
const A = 0;
const T = 9;
const r = (value: number): number => value - 1;

describe('blackjack', () => {
  const theory = blackjackTheory();

  it('has the documented theoretical RTP (infinite deck, optimal play)', () => {
    // docs/protocols/studio-games.md quotes this number.
    expect(theory.rtpPercent).toBeCloseTo(99.4, 0);
    console.info(`blackjack theory ${theory.rtpPercent.toFixed(3)} %`);
  });

  it('plays basic strategy', () => {
    const s = theory.strategy;
    expect(s.decide(6, 16, false, true, 0)).toBe('stand');
    expect(s.decide(10, 16, false, true, 0)).toBe('hit');
    expect(s.decide(6, 11, false, true, 0)).toBe('double');
    expect(s.decide(6, 16, false, true, 8)).toBe('split');
    expect(s.decide(7, 20, false, true, 10)).toBe('stand');
    expect(s.decide(6, 12, true, true, 1)).toBe('split');
  });

  it('pays a double and a split as their own stakes, in one round', () => {
    // Player 8, 8 against a dealer 6 (hole 10): split; first hand gets 3 (11) and doubles
    // on a 10 (21); second hand gets 10 (18) and stands. Dealer 16 draws a 9: bust.
    const table = new BlackjackTable(riggedRng([r(8), r(6), r(8), T, r(3), T, T, r(9)]), 1_000);
    expect(table.phase).toBe('player');
    expect(table.allowed()).toEqual(['hit', 'stand', 'double', 'split']);
    expect(table.costOf('split')).toBe(1_000);
    table.move('split');
    expect(table.hands.map((h) => h.cards.length)).toEqual([2, 1]);
    expect(table.costOf('double')).toBe(1_000);
    table.move('double');
    expect(table.hands[0]!.stake).toBe(2_000);
    expect(handTotal(table.hands[1]!.cards).total).toBe(18);
    table.move('stand');
    expect(table.phase).toBe('over');
    expect(handTotal(table.dealer).total).toBe(25);
    expect(table.totalReturn()).toBe(4_000 + 2_000);
  });

  it('pays insurance 2:1 when the dealer has blackjack, and takes the stake', () => {
    const table = new BlackjackTable(riggedRng([T, A, r(9), T]), 1_000);
    expect(table.phase).toBe('insurance');
    table.insure(true);
    expect(table.insurance).toBe(500);
    expect(table.phase).toBe('over');
    expect(table.totalReturn()).toBe(1_500);
  });

  it('loses insurance when the dealer has no blackjack, and play goes on', () => {
    const table = new BlackjackTable(riggedRng([T, A, r(9), r(7), T]), 1_000);
    table.insure(true);
    expect(table.phase).toBe('player');
    table.move('stand');
    // Dealer A+7 = soft 18 stands; player 19 wins 2 000; the insurance is lost.
    expect(table.totalReturn()).toBe(2_000);
  });

  it('pays a blackjack 3:2 and pushes against a dealer blackjack', () => {
    const bj = new BlackjackTable(riggedRng([A, r(9), 11, r(7)]), 1_000);
    expect(bj.phase).toBe('over');
    expect(bj.totalReturn()).toBe(2_500);
    const push = new BlackjackTable(riggedRng([A, T, T, A]), 1_000);
    expect(push.phase).toBe('over');
    expect(push.totalReturn()).toBe(1_000);
  });

  it('settles an interrupted round by standing every open hand', () => {
    const table = new BlackjackTable(riggedRng([T, r(9), r(6), T, r(5)]), 1_000);
    table.standAll();
    expect(table.phase).toBe('over');
    // Player 16, dealer 19 stands: lost.
    expect(table.totalReturn()).toBe(0);
    expect(cardValue(table.dealer[0]!)).toBe(9);
  });

  it('measures the strategy on a six-deck shoe over a million seeded rounds (±0.5 pp, 4 SE)', () => {
    const rng = seededRng(21_21_21);
    const s = theory.strategy;
    let returned = 0;
    let squares = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const table = new BlackjackTable(rng, 1_000);
      if (table.phase === 'insurance') table.insure(false);
      while (table.phase === 'player') {
        const hand = table.hand!;
        const { total, soft } = handTotal(hand.cards);
        const pair = table.canSplit() ? cardValue(hand.cards[0]!) : 0;
        let move = s.decide(cardValue(table.dealer[0]!), total, soft, table.canDouble(), pair);
        if (!table.allowed().includes(move)) move = 'hit';
        table.move(move);
      }
      // Net of the extra stakes, per initial stake: the theory's unit.
      const back = (table.totalReturn() - (table.totalStaked - 1_000)) / 1_000;
      returned += back;
      squares += back * back;
    }
    const mean = returned / ROUNDS;
    const se = (Math.sqrt(squares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS)) * 100;
    console.info(
      `blackjack RTP ${(mean * 100).toFixed(3)} % vs ${theory.rtpPercent.toFixed(3)} % (SE ${se.toFixed(3)})`,
    );
    expect(Math.abs(mean * 100 - theory.rtpPercent)).toBeLessThan(Math.min(0.5, 4 * se));
  });
});
