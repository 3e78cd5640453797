import type { Rng } from '../../shared/rng';
import { rankOf, Shoe, toCent, type Card } from '../cards';

/**
 * Punto banco from an eight-deck shoe shuffled for each round (cards/Shoe). Card values: ace
 * 1, two to nine face value, tens and faces 0; a hand counts its total modulo 10. Tableau:
 * a natural (8 or 9) on either hand ends the deal; the player draws on 0–5 and stands on 6–7;
 * a banker whose player stood draws on 0–5; otherwise the banker draws by its total and the
 * player's third card (3: not on an 8; 4: on 2–7; 5: on 4–7; 6: on 6–7; 7: stands).
 * Payouts: player 1:1, banker 1:1 less a 5 % commission (0.95:1), tie 8:1; a tie returns the
 * player and banker stakes. Deal order: player, banker, player, banker, then the third cards.
 */
export const BACCARAT_DECKS = 8;

export type BaccaratSide = 'player' | 'banker' | 'tie';

export interface BaccaratDeal {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratSide;
}

export const baccaratValue = (card: Card): number => {
  const rank = rankOf(card);
  return rank >= 9 ? 0 : rank + 1;
};

/** Whether the banker draws, by its two-card total and the player's third card's value. */
export function bankerDraws(bankerTotal: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** The tableau on card values, shared by the deal and the exact enumeration. */
export function playTableau(draw: () => number): {
  player: number[];
  banker: number[];
} {
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const total = (h: number[]): number => h.reduce((a, b) => a + b, 0) % 10;
  if (total(player) >= 8 || total(banker) >= 8) return { player, banker };
  let third: number | undefined;
  if (total(player) <= 5) {
    third = draw();
    player.push(third);
  }
  if (bankerDraws(total(banker), third)) banker.push(draw());
  return { player, banker };
}

export function dealBaccarat(rng: Rng): BaccaratDeal {
  const shoe = new Shoe(rng, BACCARAT_DECKS);
  const cards: Card[] = [];
  const { player, banker } = playTableau(() => {
    const card = shoe.draw();
    cards.push(card);
    return baccaratValue(card);
  });
  // Rebuild the hands' cards from the deal order the tableau followed.
  const playerCards = [cards[0]!, cards[2]!];
  const bankerCards = [cards[1]!, cards[3]!];
  const thirds = cards.slice(4);
  if (player.length === 3) playerCards.push(thirds.shift()!);
  if (banker.length === 3) bankerCards.push(thirds.shift()!);
  const playerTotal = player.reduce((a, b) => a + b, 0) % 10;
  const bankerTotal = banker.reduce((a, b) => a + b, 0) % 10;
  const winner: BaccaratSide =
    playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player: playerCards, banker: bankerCards, playerTotal, bankerTotal, winner };
}

export type BaccaratStakes = Partial<Record<BaccaratSide, number>>;

/**
 * What the stakes return, stake included, in thousandths; the banker's 95 % is rounded down
 * to a whole cent (exact for stakes in whole multiples of 0.20).
 */
export function baccaratReturn(stakes: BaccaratStakes, winner: BaccaratSide): number {
  const player = stakes.player ?? 0;
  const banker = stakes.banker ?? 0;
  const tie = stakes.tie ?? 0;
  if (winner === 'tie') return player + banker + tie * 9;
  if (winner === 'player') return player * 2;
  return banker + toCent((banker * 95) / 100);
}

export interface BaccaratTheory {
  /** Probabilities of each outcome, exact as fractions of the same denominator. */
  player: number;
  banker: number;
  tie: number;
  /** RTP of each bet in percent. */
  rtp: Record<BaccaratSide, number>;
}

/**
 * Exhaustive enumeration of every deal from a full eight-deck shoe, drawing without
 * replacement: ten value classes (value 0 has 128 cards, 1–9 have 32 each), at most six
 * cards, each path weighted by the exact product of its draw probabilities.
 */
export function baccaratTheory(): BaccaratTheory {
  const counts = [16 * BACCARAT_DECKS, ...Array<number>(9).fill(4 * BACCARAT_DECKS)];
  const probability = { player: 0, banker: 0, tie: 0 };
  const walk = (drawn: number[], weight: number): void => {
    // Replays the tableau over a fixed prefix of draws; a draw beyond the prefix branches.
    let i = 0;
    let needMore = false;
    const result = playTableau(() => {
      if (i < drawn.length) return drawn[i++]!;
      needMore = true;
      return 0;
    });
    if (needMore) {
      const left = counts.reduce((a, b) => a + b, 0);
      for (let v = 0; v < 10; v++) {
        const c = counts[v]!;
        if (c === 0) continue;
        counts[v] = c - 1;
        walk([...drawn, v], (weight * c) / left);
        counts[v] = c;
      }
      return;
    }
    const p = result.player.reduce((a, b) => a + b, 0) % 10;
    const b = result.banker.reduce((a, b2) => a + b2, 0) % 10;
    probability[p > b ? 'player' : b > p ? 'banker' : 'tie'] += weight;
  };
  walk([], 1);
  const { player, banker, tie } = probability;
  return {
    player,
    banker,
    tie,
    rtp: {
      player: (2 * player + tie) * 100,
      banker: (1.95 * banker + tie) * 100,
      tie: 9 * tie * 100,
    },
  };
}
