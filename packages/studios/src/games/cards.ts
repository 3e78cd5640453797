import type { Rng } from '../shared/rng';

/**
 * A card is 0–51: rank = card % 13 (0 ace, 1–8 the twos to nines, 9 ten, 10 jack, 11 queen,
 * 12 king), suit = ⌊card / 13⌋ (0 spades, 1 hearts, 2 diamonds, 3 clubs).
 */
export type Card = number;

/**
 * Wins are paid in whole cents (10 thousandths), rounded down: GB Games carries two decimals,
 * and a fraction of a cent is not money any wallet shows.
 */
export const toCent = (milli: number): number => milli - (milli % 10);

export const rankOf = (card: Card): number => card % 13;
const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_LABELS = ['♠', '♥', '♦', '♣'];
export const cardLabel = (card: Card): string =>
  `${RANK_LABELS[rankOf(card)]}${SUIT_LABELS[Math.floor(card / 13)]}`;

/**
 * A shoe of `decks` decks shuffled for this round alone by a forward Fisher–Yates shuffle
 * (position i takes the card at i + rng.int(n − i)), dealt in order. The shuffle is done
 * lazily, one position per card dealt, which deals exactly the cards the full shuffle would.
 */
const fullShoes = new Map<number, Uint8Array>();

export class Shoe {
  private readonly cards: Uint8Array;
  private dealt = 0;

  constructor(
    private readonly rng: Rng,
    decks: number,
  ) {
    let full = fullShoes.get(decks);
    if (!full) {
      full = Uint8Array.from({ length: 52 * decks }, (_, i) => i % 52);
      fullShoes.set(decks, full);
    }
    // A copy of a typed array: a million rounds each open a fresh shoe.
    this.cards = full.slice();
  }

  /** The cards dealt so far, in deal order (what a verifier compares with the shoe). */
  dealtCards(): Card[] {
    return Array.from(this.cards.subarray(0, this.dealt));
  }

  draw(): Card {
    const n = this.cards.length;
    if (this.dealt >= n) throw new Error('shoe: empty');
    const i = this.dealt;
    const j = i + this.rng.int(n - i);
    const card = this.cards[j]!;
    this.cards[j] = this.cards[i]!;
    this.cards[i] = card;
    this.dealt += 1;
    return card;
  }
}

/** The first `count` of `n` positions after the same lazy forward Fisher–Yates shuffle. */
export function drawDistinct(rng: Rng, n: number, count: number): number[] {
  const items = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(n - i);
    const t = items[j] as number;
    items[j] = items[i] as number;
    items[i] = t;
  }
  return items.slice(0, count);
}
