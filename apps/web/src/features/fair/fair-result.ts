import { cardLabel, type FairGame, type Reproduced } from './reproduce';

/*
 * A round's result as a player reads it off the game (its "Provably fair" panel lists each
 * round so), and as this page writes what the seeds reproduce: the pocket; the crash point;
 * the reel stops; the mined tiles, 1–25; the ball's path, 0 left and 1 right; the drawn
 * numbers; the cards in deal order ("A♠ 10♥", or "As Th"). Text in, a Reproduced out, so a
 * recorded result and a reproduced one compare as values.
 */

const REEL_LENGTHS = [24, 25, 25, 25, 22];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = '♠♥♦♣';
const SUIT_LETTERS = 'shdc';

/** Whole numbers separated by commas or spaces ("4, 11 19"), or null. */
function numbers(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
}

const inRange = (values: readonly number[], min: number, max: number) =>
  values.every((value) => value >= min && value <= max);
const distinct = (values: readonly number[]) => new Set(values).size === values.length;

/** "A♠", "10♥", "Qd", "th" → 0–51, or null. */
export function parseCard(text: string): number | null {
  const match = /^(10|[2-9]|[ajqkt])([♠♥♦♣]|[shdc])$/i.exec(text.trim());
  if (!match) return null;
  const rankText = match[1]!.toUpperCase();
  const rank = RANKS.indexOf(rankText === 'T' ? '10' : rankText);
  const suitText = match[2]!.toLowerCase();
  const suit = SUITS.includes(suitText) ? SUITS.indexOf(suitText) : SUIT_LETTERS.indexOf(suitText);
  return suit * 13 + rank;
}

/** The recorded result of a round of `game`, typed or handed over; null when malformed. */
export function parseResult(game: FairGame, text: string): Reproduced | null {
  const value = text.trim();
  if (value === '') return null;
  switch (game) {
    case 'roulette': {
      const pocket = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
      return pocket >= 0 && pocket <= 36 ? { game, pocket } : null;
    }
    case 'crash': {
      const match = /^[×x]?\s*(\d{1,7})(?:[.,](\d{1,2}))?$/i.exec(value);
      if (!match) return null;
      const crash = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
      return crash >= 100 ? { game, crash } : null;
    }
    case 'slot': {
      const stops = numbers(value);
      const fits = stops?.length === 5 && stops.every((stop, reel) => stop < REEL_LENGTHS[reel]!);
      return stops && fits ? { game, stops } : null;
    }
    case 'mines': {
      const tiles = numbers(value);
      if (!tiles || tiles.length > 24 || !inRange(tiles, 1, 25) || !distinct(tiles)) return null;
      return { game, mines: tiles.map((tile) => tile - 1).sort((a, b) => a - b) };
    }
    case 'plinko': {
      const digits = value.replace(/[\s,]+/g, '');
      if (!/^[01]{12}$/.test(digits)) return null;
      const path = [...digits].map(Number);
      return { game, path, bin: path.reduce((sum, step) => sum + step, 0) };
    }
    case 'keno': {
      const drawn = numbers(value);
      if (!drawn || drawn.length !== 10 || !inRange(drawn, 1, 40) || !distinct(drawn)) return null;
      return { game, drawn };
    }
    case 'blackjack':
    case 'baccarat': {
      const parts = value.split(/[\s,;]+/).filter(Boolean);
      const cards = parts.map(parseCard);
      if (cards.length < 4 || cards.length > 60 || cards.some((card) => card === null)) {
        return null;
      }
      return { game, cards: cards as number[] };
    }
  }
}

/** A result as this page writes it (and parseResult reads it back). */
export function formatResult(result: Reproduced): string {
  switch (result.game) {
    case 'roulette':
      return String(result.pocket);
    case 'crash':
      return (result.crash / 100).toFixed(2);
    case 'slot':
      return result.stops.join(', ');
    case 'mines':
      return result.mines.map((tile) => tile + 1).join(', ');
    case 'plinko':
      return result.path.join('');
    case 'keno':
      return result.drawn.join(', ');
    case 'blackjack':
    case 'baccarat':
      return result.cards.map(cardLabel).join(' ');
  }
}

/**
 * Whether the seeds' result is the recorded one. Keno's draw and the mined tiles are sets
 * (the game shows them on its grid, in no order); everything else compares in order.
 */
export function sameResult(reproduced: Reproduced, recorded: Reproduced): boolean {
  if (reproduced.game !== recorded.game) return false;
  const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b).join(',');
  if (reproduced.game === 'keno' && recorded.game === 'keno') {
    return sorted(reproduced.drawn) === sorted(recorded.drawn);
  }
  if (reproduced.game === 'mines' && recorded.game === 'mines') {
    return sorted(reproduced.mines) === sorted(recorded.mines);
  }
  return formatResult(reproduced) === formatResult(recorded);
}

/** How many draws the recorded result needs reproduced: its mines, or its cards. */
export function extraOf(recorded: Reproduced): number | undefined {
  if (recorded.game === 'mines') return recorded.mines.length;
  if (recorded.game === 'blackjack' || recorded.game === 'baccarat') return recorded.cards.length;
  return undefined;
}
