import { describe, expect, it } from 'vitest';
import { formatResult, parseCard, parseResult, sameResult } from './fair-result';

describe('a recorded result, typed or handed over', () => {
  it('reads each game’s result in the terms its panel shows', () => {
    expect(parseResult('roulette', '32')).toEqual({ game: 'roulette', pocket: 32 });
    expect(parseResult('crash', '1.78')).toEqual({ game: 'crash', crash: 178 });
    expect(parseResult('crash', '×18,1')).toEqual({ game: 'crash', crash: 1810 });
    expect(parseResult('slot', '9, 2, 24, 2, 4')).toEqual({
      game: 'slot',
      stops: [9, 2, 24, 2, 4],
    });
    // Tiles 1–25 as the player counts them; the draw's positions 0–24.
    expect(parseResult('mines', '18 3 7')).toEqual({ game: 'mines', mines: [2, 6, 17] });
    expect(parseResult('plinko', '1001 1101 1011')).toEqual({
      game: 'plinko',
      path: [1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1],
      bin: 8,
    });
    expect(parseResult('keno', '40, 18, 39, 5, 30, 38, 16, 34, 31, 10')?.game).toBe('keno');
    expect(parseResult('blackjack', '6♠ 6♣ 4♥ 3♠ 10♠')).toEqual({
      game: 'blackjack',
      cards: [5, 44, 16, 2, 9],
    });
    expect(parseResult('baccarat', '4c 7s As Js 4s')).toEqual({
      game: 'baccarat',
      cards: [42, 6, 0, 10, 3],
    });
  });

  it('refuses what is not a result of that game', () => {
    for (const [game, text] of [
      ['roulette', 'undefined'],
      ['roulette', '37'],
      ['roulette', ''],
      ['crash', '0.99'],
      ['crash', '1.789'],
      ['slot', '1, 2, 3, 4'],
      ['slot', '24, 0, 0, 0, 0'],
      ['mines', '0, 5'],
      ['mines', '5, 5'],
      ['plinko', '10011101101'],
      ['plinko', '100111011012'],
      ['keno', '1, 2, 3'],
      ['keno', '1, 2, 3, 4, 5, 6, 7, 8, 9, 41'],
      ['blackjack', 'A♠ 10♥ K♦'],
      ['blackjack', 'A♠ 1♥ K♦ 7♣'],
    ] as const) {
      expect(parseResult(game, text), `${game} ${text}`).toBeNull();
    }
  });

  it('reads cards with suit symbols or letters, and T for ten', () => {
    expect(parseCard('A♠')).toBe(0);
    expect(parseCard('th')).toBe(22);
    expect(parseCard('10♥')).toBe(22);
    expect(parseCard('Kc')).toBe(51);
    expect(parseCard('1s')).toBeNull();
    expect(parseCard('Ax')).toBeNull();
  });

  it('writes what it reads', () => {
    for (const [game, text] of [
      ['roulette', '0'],
      ['crash', '18.14'],
      ['slot', '9, 2, 24, 2, 4'],
      ['mines', '3, 7, 18'],
      ['plinko', '100111011011'],
      ['keno', '40, 18, 39, 5, 30, 38, 16, 34, 31, 10'],
      ['blackjack', '6♠ 6♣ 4♥ 3♠ 10♠'],
    ] as const) {
      expect(formatResult(parseResult(game, text)!)).toBe(text);
    }
  });

  it('compares keno’s draw and the mined tiles as sets, everything else in order', () => {
    const drawn = parseResult('keno', '40, 18, 39, 5, 30, 38, 16, 34, 31, 10')!;
    const sorted = parseResult('keno', '5 10 16 18 30 31 34 38 39 40')!;
    expect(sameResult(drawn, sorted)).toBe(true);
    const cards = parseResult('blackjack', '6♠ 6♣ 4♥ 3♠')!;
    const swapped = parseResult('blackjack', '6♣ 6♠ 4♥ 3♠')!;
    expect(sameResult(cards, swapped)).toBe(false);
    expect(sameResult(parseResult('roulette', '11')!, parseResult('roulette', '20')!)).toBe(false);
  });
});
