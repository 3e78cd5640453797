import { describe, expect, it } from 'vitest';
import { reproduce, sha256Hex } from './reproduce';

// The example of docs/protocols/provably-fair.md, which the studios' tests check too.
describe('the lobby’s provably fair verifier', () => {
  it('reproduces the documented example', async () => {
    expect(await sha256Hex('server-seed')).toBe(
      '91024ec49c5bec0b689e42892526320fce08337205c91de94c7a588c20d08eeb',
    );
    expect(await reproduce('roulette', 'server-seed', 'client-seed', 0)).toEqual({
      game: 'roulette',
      pocket: 32,
    });
    expect(await reproduce('crash', 'server-seed', 'client-seed', 0)).toEqual({
      game: 'crash',
      crash: 178,
    });
  });

  it('draws distinct mines, keno numbers and cards of a real shoe', async () => {
    const mines = await reproduce('mines', 's', 'c', 3, 5);
    expect(mines.game === 'mines' && new Set(mines.mines).size).toBe(5);
    const keno = await reproduce('keno', 's', 'c', 3);
    expect(keno.game === 'keno' && keno.drawn.every((n) => n >= 1 && n <= 40)).toBe(true);
    const cards = await reproduce('blackjack', 's', 'c', 3, 20);
    expect(cards.game === 'blackjack' && cards.cards.every((c) => c >= 0 && c < 52)).toBe(true);
    // Another nonce is another round.
    expect(await reproduce('keno', 's', 'c', 4)).not.toEqual(keno);
  });
});
