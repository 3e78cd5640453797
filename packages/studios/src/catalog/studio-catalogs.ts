import { generateCatalog } from './generate';
import type { CatalogGame, GameCategory, StudioName } from './types';

const pascal = (words: string[]): string =>
  words.map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join('');

/** Pragmatic-style symbols: a family prefix and the title squeezed into lowercase letters. */
const PRAGMATIC_PREFIX: Record<GameCategory, string> = {
  slots: 'vs10',
  table: 'tbl',
  live: 'lvx',
  instant: 'inx',
};

const PLANS = {
  endorphina: {
    studio: 'endorphina',
    count: 120,
    seed: 0xe4d0,
    // Endorphina names a game "endorphina_<Name>@ENDORPHINA".
    idFor: (words: string[]) => `endorphina_${pascal(words)}@ENDORPHINA`,
  },
  pragmatic: {
    studio: 'pragmatic',
    count: 150,
    seed: 0x9a6a,
    idFor: (words: string[], category: GameCategory) =>
      `${PRAGMATIC_PREFIX[category]}${words.join('').slice(0, 18)}`,
  },
  gbgames: {
    studio: 'gbgames',
    count: 90,
    seed: 0x6b6b,
    idFor: (words: string[]) => `gb-${words.join('-')}`,
  },
} as const satisfies Record<StudioName, Parameters<typeof generateCatalog>[0]>;

const cache = new Map<
  StudioName,
  { list: CatalogGame[]; byId: Map<string, CatalogGame>; bySlug: Map<string, CatalogGame> }
>();

/** The studio's whole catalog, generated once per process. */
export function catalogOf(studio: StudioName): {
  list: readonly CatalogGame[];
  byId: ReadonlyMap<string, CatalogGame>;
  bySlug: ReadonlyMap<string, CatalogGame>;
} {
  let entry = cache.get(studio);
  if (!entry) {
    const list = generateCatalog(PLANS[studio]);
    entry = {
      list,
      byId: new Map(list.map((g) => [g.id, g])),
      bySlug: new Map(list.map((g) => [g.slug, g])),
    };
    cache.set(studio, entry);
  }
  return entry;
}
