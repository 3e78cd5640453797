import { MOTIFS_BY_CATEGORY } from '../art/motif-names';
import { seededRng, seedFromString, type Rng } from '../shared/rng';
import { asciiWords } from './transliterate';
import { gameTypeOfTitle, PLAYABLE_TYPES } from './playable';
import type { CatalogGame, GameCategory, GameType, StudioName } from './types';
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

/** What each game type is, as the catalog describes it (the game page states the full rules). */
const DESCRIPTIONS: Record<GameType, readonly string[]> = {
  slot: [
    'A five-reel, ten-line slot with expanding wins, wild substitutions and scatter pays.',
    'Ten paylines across five reels: wilds complete lines, three scatters pay anywhere.',
    'Classic five-by-three reels with a modern twist and steady, frequent wins.',
  ],
  roulette: ['European roulette: one zero, every standard inside and outside bet, 97.30 % RTP.'],
  blackjack: ['Six-deck blackjack: dealer stands on soft 17, double, split, insurance, 3:2.'],
  baccarat: ['Punto banco from an eight-deck shoe: player, banker (5 % commission) and tie.'],
  crash: ['The multiplier climbs until it crashes: cash out in time. 97 % RTP, provably fair.'],
  mines: ['Twenty-five tiles, hidden mines: every safe tile raises the multiplier. 97 % RTP.'],
  plinko: ['A ball falls through twelve rows of pegs into a multiplier. Provably fair.'],
  keno: ['Pick up to ten of forty numbers; ten are drawn. Provably fair.'],
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
  // Titles are drawn for the whole plan, then unplayable ones are left out: the random
  // sequence stays the same, so a game's id and art do not change when a new type lands.
  let drawn = 0;
  while (drawn < plan.count && guard++ < plan.count * 50) {
    const special = specials.shift();
    const category = special ? 'slots' : categoryFor(rng);
    const localized = typeof special === 'object' ? special : undefined;
    const name: string =
      localized?.en ??
      (typeof special === 'string' ? special : titleFor(rng, plan.studio, category));
    if (names.has(name.toLowerCase()) || KNOWN_TITLES.has(name.toLowerCase())) continue;
    // A title with a Russian edition keeps the id its Russian words always gave it.
    const words = asciiWords(localized?.ru ?? name);
    const id = plan.idFor(words, category);
    const slug = words.join('-');
    if (ids.has(id) || slugs.has(slug)) continue;
    names.add(name.toLowerCase());
    ids.add(id);
    slugs.add(slug);

    const popularity = Math.min(100, Math.round((rng.int(1000) / 1000) ** 1.6 * 100));
    const ageDays = drawn < 12 ? rng.int(45) : 45 + rng.int(1400);
    drawn += 1;
    const gameType: GameType | undefined =
      category === 'slots' ? 'slot' : category === 'live' ? undefined : gameTypeOfTitle(name);
    const description = pick(rng, DESCRIPTIONS[gameType ?? 'slot']);
    const demo = category !== 'live' && rng.int(20) !== 0;
    const released = new Date(epoch - ageDays * 86_400_000).toISOString().slice(0, 10);
    const motif = pick(rng, MOTIFS_BY_CATEGORY[category]);
    if (!gameType || !PLAYABLE_TYPES.has(gameType)) continue;
    games.push({
      studio: plan.studio,
      id,
      slug,
      name,
      ...(localized ? { names: { en: localized.en, ru: localized.ru } } : {}),
      description,
      category,
      gameType,
      isNew: ageDays < 45,
      isPopular: popularity >= 70,
      popularity,
      demo,
      released,
      artSeed: seedFromString(`${plan.studio}:${id}`),
      motif,
    });
  }
  return games;
}
