// The benchmark's catalog (bench-games.ts): names, providers, categories and popularity drawn
// from a seeded generator, so every run measures the same catalog.
import type { GameCategory } from '@casino/contracts';
import { openPostgres } from '../src/db/postgres-connection';
import { games } from '../src/db/schema';
import { foldSearchText } from '../src/features/games/search-text';
import { seededRandom } from '../test/helpers/seeded-random';

const adjectives = [
  'Golden',
  'Lucky',
  'Wild',
  'Mega',
  'Royal',
  'Crystal',
  'Dragon',
  'Mystic',
  'Fruit',
  'Neon',
  'Ancient',
  'Frozen',
  'Blazing',
  'Secret',
  'Magic',
  'Café',
  'Señor',
  'Crème',
  'Über',
  'Fiesta',
  'Золотой',
  'Дикий',
  'Счастливый',
  'Ёлочный',
  'Царский',
  'Жаркий',
  'Лунный',
  'Волшебный',
];
const nouns = [
  'Star',
  'Fortune',
  'Reels',
  'Treasure',
  'Jungle',
  'Pharaoh',
  'Wolf',
  'Phoenix',
  'Gems',
  'Cherry',
  'Volcano',
  'Pirates',
  'Temple',
  'Knight',
  'Olé',
  'Piñata',
  'Château',
  'Légende',
  'Золото',
  'Жар-птица',
  'Самовар',
  'Матрёшка',
  'Богатырь',
  'Клад',
  'Змей',
  'Ёлка',
];
const suffixes = ['', '', '', ' Deluxe', ' Megaways', ' 2', ' Hold & Win', ' Rush', ' Quest'];
const providers = ['endorphina', 'pragmatic', 'gbgames'] as const;
const categoriesByRoll: GameCategory[] = [
  ...Array<GameCategory>(80).fill('slots'),
  ...Array<GameCategory>(8).fill('table'),
  ...Array<GameCategory>(5).fill('live'),
  ...Array<GameCategory>(7).fill('instant'),
];

/** Migrates the database at `url` and fills it with `gameCount` generated games. */
export async function seedCatalog(url: string, gameCount: number): Promise<void> {
  const db = openPostgres({ url, max: 2 });
  try {
    await db.migrate();
    const { next: random, pick } = seededRandom(0x5eed);
    const now = new Date();
    for (let start = 0; start < gameCount; start += 1_000) {
      const rows = [];
      for (let i = start; i < Math.min(gameCount, start + 1_000); i++) {
        const name = `${pick(adjectives)} ${pick(nouns)}${pick(suffixes)}`;
        const popularity = Math.round(random() ** 1.6 * 100);
        const day = new Date(Date.UTC(2018, 0, 1) + Math.floor(random() * 3_000) * 86_400_000);
        const provider = providers[i % providers.length]!;
        rows.push({
          provider,
          providerGameId: `bench-${i}`,
          name,
          searchText: foldSearchText(name),
          image: `https://cdn.example.test/art/bench-${i}.svg`,
          category: pick(categoriesByRoll),
          tags: [],
          isNew: random() < 0.05,
          isTop: popularity >= 70,
          popularity,
          hasDemo: random() < 0.9,
          hasReal: true,
          demoUrl: `https://demo.example.test/play?game=bench-${i}`,
          enabled: true,
          releasedAt: day.toISOString().slice(0, 10),
          syncedAt: now,
        });
      }
      await db.insert(games).values(rows);
    }
    // After a bulk load, as after any: statistics for the planner, and the trigram index's
    // pending list merged (the sync does the latter itself, see catalog-repository.ts).
    await db.execute('vacuum analyze games');
  } finally {
    await db.close();
  }
}
