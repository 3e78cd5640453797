import { MOTIFS_BY_CATEGORY } from '../art/motif-names';
import { seededRng, seedFromString, type Rng } from '../shared/rng';
import { asciiWords } from './transliterate';
import type { CatalogGame, GameCategory, StudioName } from './types';
import { INSTANT_GAMES, KNOWN_TITLES, LIVE_GAMES, TABLE_GAMES, WORDS } from './words';

export interface CatalogPlan {
  studio: StudioName;
  count: number;
  seed: number;
  /** Builds the protocol's game identifier from the title's ASCII words and its category. */
  idFor: (words: string[], category: GameCategory) => string;
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)] as T;

function categoryFor(rng: Rng): GameCategory {
  const roll = rng.int(100);
  if (roll < 80) return 'slots';
  if (roll < 88) return 'table';
  if (roll < 93) return 'live';
  return 'instant';
}

function titleFor(rng: Rng, studio: StudioName, category: GameCategory): string {
  const { adjectives, nouns } = WORDS[studio];
  switch (category) {
    case 'slots':
      return rng.int(5) === 0
        ? `${pick(rng, nouns)} ${pick(rng, ['Rush', 'Reels', 'Riches', 'Spin', 'Deluxe', 'Quest'])}`
        : `${pick(rng, adjectives)} ${pick(rng, nouns)}`;
    case 'table':
      return `${pick(rng, adjectives)} ${pick(rng, TABLE_GAMES)}`;
    case 'live':
      return `${pick(rng, LIVE_GAMES)} ${pick(rng, nouns)}`;
    case 'instant':
      return `${pick(rng, nouns)} ${pick(rng, INSTANT_GAMES)}`;
  }
}

const DESCRIPTIONS: Record<GameCategory, readonly string[]> = {
  slots: [
    'A five-reel, ten-line slot with expanding wins, wild substitutions and scatter pays.',
    'Ten paylines across five reels: wilds complete lines, three scatters pay anywhere.',
    'Classic five-by-three reels with a modern twist and steady, frequent wins.',
  ],
  table: ['A classic table game with clean odds and a quick pace.'],
  live: ['Dealer-style table action streamed to any screen.'],
  instant: ['One tap, one outcome: an instant-win game for short sessions.'],
};

/** Deterministic: the same plan always yields the same titles, ids, flags and art seeds. */
export function generateCatalog(plan: CatalogPlan): CatalogGame[] {
  const rng = seededRng(plan.seed);
  const games: CatalogGame[] = [];
  const names = new Set<string>();
  const ids = new Set<string>();
  const slugs = new Set<string>();
  const specials = [...WORDS[plan.studio].specials];
  // Release dates count back from a fixed day so the catalog does not change with the clock.
  const epoch = Date.UTC(2026, 9, 1);
  let guard = 0;
  while (games.length < plan.count && guard++ < plan.count * 50) {
    const special = specials.shift();
    const category = special ? 'slots' : categoryFor(rng);
    const name = special ?? titleFor(rng, plan.studio, category);
    if (names.has(name.toLowerCase()) || KNOWN_TITLES.has(name.toLowerCase())) continue;
    const words = asciiWords(name);
    const id = plan.idFor(words, category);
    const slug = words.join('-');
    if (ids.has(id) || slugs.has(slug)) continue;
    names.add(name.toLowerCase());
    ids.add(id);
    slugs.add(slug);

    const popularity = Math.min(100, Math.round((rng.int(1000) / 1000) ** 1.6 * 100));
    const ageDays = games.length < 12 ? rng.int(45) : 45 + rng.int(1400);
    games.push({
      studio: plan.studio,
      id,
      slug,
      name,
      description: pick(rng, DESCRIPTIONS[category]),
      category,
      isNew: ageDays < 45,
      isPopular: popularity >= 70,
      popularity,
      // Live tables need a dealer: real providers offer no demo for them.
      demo: category !== 'live' && rng.int(20) !== 0,
      released: new Date(epoch - ageDays * 86_400_000).toISOString().slice(0, 10),
      artSeed: seedFromString(`${plan.studio}:${id}`),
      motif: pick(rng, MOTIFS_BY_CATEGORY[category]),
    });
  }
  return games;
}
