import { describe, expect, it } from 'vitest';
import { renderArt } from '../art/render';
import { PLAYABLE_TYPES } from './playable';
import { catalogOf } from './studio-catalogs';
import type { StudioName } from './types';
import { KNOWN_TITLES } from './words';

const STUDIOS: [StudioName, number][] = [
  ['endorphina', 120],
  ['pragmatic', 150],
  ['gbgames', 90],
];

describe('catalogs', () => {
  it.each(STUDIOS)('%s draws %i titles and lists the playable ones, unique', (studio, planned) => {
    const { list } = catalogOf(studio);
    const count = list.length;
    expect(count).toBeGreaterThan(planned / 2);
    expect(count).toBeLessThanOrEqual(planned);
    expect(new Set(list.map((g) => g.id)).size).toBe(count);
    expect(new Set(list.map((g) => g.slug)).size).toBe(count);
    expect(new Set(list.map((g) => g.name.toLowerCase())).size).toBe(count);
    for (const g of list) {
      expect(g.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(KNOWN_TITLES.has(g.name.toLowerCase())).toBe(false);
      expect(g.popularity).toBeGreaterThanOrEqual(0);
      expect(g.popularity).toBeLessThanOrEqual(100);
    }
    const categories = new Set(list.map((g) => g.category));
    expect(categories.has('slots')).toBe(true);
    expect(list.filter((g) => g.category === 'slots').length / count).toBeGreaterThan(0.6);
    expect(list.some((g) => g.isNew)).toBe(true);
    expect(list.some((g) => g.isPopular)).toBe(true);
    // Titles with a Russian edition: the Russian lobby shows (and finds) it; the studio's own
    // title is never in Cyrillic, so the English lobby never shows Russian (issue 25).
    expect(list.some((g) => /[\u0400-\u04ff]/.test(g.names?.ru ?? ''))).toBe(true);
    expect(list.some((g) => /[\u0400-\u04ff]/.test(g.name))).toBe(false);
    expect(list.some((g) => g.names && /[\u0400-\u04ff]/.test(g.names.en))).toBe(false);
    expect(list.some((g) => /[À-ÿ]/.test(g.name))).toBe(true);
    expect(list.filter((g) => g.category === 'live').every((g) => !g.demo)).toBe(true);
  });

  it.each(STUDIOS)('%s lists only games that exist, titled and filed as what opens', (studio) => {
    const CATEGORY_OF = {
      slot: 'slots',
      roulette: 'table',
      blackjack: 'table',
      baccarat: 'table',
      crash: 'instant',
      mines: 'instant',
      plinko: 'instant',
      keno: 'instant',
    } as const;
    for (const game of catalogOf(studio).list) {
      expect(PLAYABLE_TYPES.has(game.gameType), game.name).toBe(true);
      expect(game.category).toBe(CATEGORY_OF[game.gameType]);
      // No shared live-dealer table exists, so nothing is filed (or badged) live.
      expect(game.category).not.toBe('live');
      if (game.gameType !== 'slot') expect(game.name.toLowerCase()).toContain(game.gameType);
    }
  });

  it('uses each provider’s id conventions', () => {
    expect(
      catalogOf('endorphina').list.every((g) => /^endorphina_[A-Za-z0-9]+@ENDORPHINA$/.test(g.id)),
    ).toBe(true);
    expect(
      catalogOf('pragmatic').list.every((g) => /^(vs10|tbl|lvx|inx)[a-z0-9]+$/.test(g.id)),
    ).toBe(true);
    expect(catalogOf('gbgames').list.every((g) => /^gb-[a-z0-9-]+$/.test(g.id))).toBe(true);
  });
});

describe('artwork', () => {
  it('draws a 300 × 400 SVG per game with the escaped title and no external reference', () => {
    for (const [studio] of STUDIOS) {
      for (const game of catalogOf(studio).list) {
        const svg = renderArt(game);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 400"/);
        expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/href="http|<image|@import|<script/);
        // Balanced tags is a cheap well-formedness check without an XML parser.
        const opened = (svg.match(/<(?!\/)[a-zA-Z]+[^>]*[^/]>/g) ?? []).length;
        const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
        expect(opened).toBe(closed);
      }
    }
  });

  it('gives different games different compositions, and the same game the same one', () => {
    const [a, b] = catalogOf('pragmatic').list;
    expect(a && b && renderArt(a)).not.toBe(a && b && renderArt(b));
    if (a) expect(renderArt({ ...a })).toBe(renderArt(a));
  });
});
