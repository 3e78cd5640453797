import { rankOf, type Card } from '../cards';

/**
 * The table's rules, stated on the game page: six decks shuffled for each round; the dealer
 * peeks for blackjack under an ace or a ten and stands on all 17s (soft 17 included); double
 * on any first two cards, after a split too; one split of any two cards of equal value (split
 * aces take one card each); insurance (half the stake) pays 2:1 when the dealer shows an ace;
 * blackjack pays 3:2; no surrender. Deal order: player, dealer (up), player, dealer (hole),
 * then every card as it is needed.
 */
export const BLACKJACK_DECKS = 6;

/** Blackjack value of a card: ace 1 (counted 11 when it fits), faces 10. */
export const cardValue = (card: Card): number => Math.min(rankOf(card) + 1, 10);

export interface HandTotal {
  total: number;
  soft: boolean;
}

export function handTotal(cards: readonly Card[]): HandTotal {
  let total = 0;
  let aces = false;
  for (const c of cards) {
    const v = cardValue(c);
    total += v;
    if (v === 1) aces = true;
  }
  if (aces && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

export const isBlackjack = (cards: readonly Card[]): boolean =>
  cards.length === 2 && handTotal(cards).total === 21;

/** The dealer draws to 17 and stands on every 17, soft ones too. */
export const dealerStands = (cards: readonly Card[]): boolean => handTotal(cards).total >= 17;
