import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema';
import {
  catalogFingerprint,
  readCatalogRows,
  settleImageCatalog,
  snapshotProviders,
  writeCatalogRows,
  type ImageCatalog,
} from '../../src/db/pglite-image-catalog';
import { createTestDb } from '../helpers/test-database';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * The games a new embedded database starts with (decision 096): the image holds the studios'
 * catalog as the build synced it, and a new database keeps it only when this server's
 * adapters answer exactly those catalogs; otherwise it is deleted and the start is as on an
 * empty catalog (the first sync awaited), as before the image held games.
 */
describe('the image’s catalog on a new database', () => {
  let t: TestApp;
  let image: { rows: unknown[]; catalog: ImageCatalog };
  beforeAll(async () => {
    // What the build does (scripts/pglite-image-catalog.ts): sync, read the rows, fingerprint.
    t = await buildTestApp();
    const reports = await t.app.gameCatalog.sync.syncAll();
    expect(reports.every((report) => report.ok)).toBe(true);
    const providers = snapshotProviders(t.app.gameCatalog.settings);
    const adapters = providers.map((provider) => t.app.gameCatalog.adapters[provider]!);
    const rows = await readCatalogRows(t.db);
    image = {
      rows,
      catalog: { providers, sha256: await catalogFingerprint(adapters), games: rows.length },
    };
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** A database holding the image's games, as one just made from the image does. */
  async function withImageGames(work: (db: TestApp['db']) => Promise<void>) {
    const copy = await createTestDb();
    try {
      await writeCatalogRows(copy.db, image.rows);
      await work(copy.db);
    } finally {
      await copy.destroy();
    }
  }
  const gameCount = async (db: TestApp['db']) =>
    Number((await db.select({ n: count() }).from(games))[0]?.n);

  it('holds every provider’s games, each as the sync wrote it', async () => {
    expect([...image.catalog.providers].sort()).toEqual(['endorphina', 'gbgames', 'pragmatic']);
    expect(image.rows.length).toBeGreaterThan(300);
    await withImageGames(async (db) => {
      expect(await readCatalogRows(db)).toEqual(image.rows);
    });
  });

  it('keeps them when this server’s studios answer exactly those catalogs', async () => {
    await withImageGames(async (db) => {
      const { settings, adapters } = t.app.gameCatalog;
      const outcome = await settleImageCatalog({ db, catalog: image.catalog, settings, adapters });
      expect(outcome).toBe('kept');
      expect(await gameCount(db)).toBe(image.rows.length);
    });
  });

  it('deletes them when the catalogs differ (here PUBLIC_URL moves every link)', async () => {
    const elsewhere = await buildTestApp({ env: { PUBLIC_URL: 'https://casino.example' } });
    try {
      await withImageGames(async (db) => {
        const { settings, adapters } = elsewhere.app.gameCatalog;
        const outcome = await settleImageCatalog({
          db,
          catalog: image.catalog,
          settings,
          adapters,
        });
        expect(outcome).toBe('cleared');
        expect(await gameCount(db)).toBe(0);
      });
    } finally {
      await elsewhere.close();
    }
  });

  it('deletes them without asking anyone when a provider is not simulated', async () => {
    await withImageGames(async (db) => {
      const { adapters } = t.app.gameCatalog;
      const asked: string[] = [];
      const watched = Object.fromEntries(
        Object.entries(adapters).map(([slug, adapter]) => [
          slug,
          {
            ...adapter,
            fetchCatalog: () => {
              asked.push(slug);
              return adapter.fetchCatalog();
            },
          },
        ]),
      );
      const settings = {
        modes: { endorphina: 'simulated', pragmatic: 'external', gbgames: 'simulated' } as const,
      };
      const outcome = await settleImageCatalog({
        db,
        catalog: image.catalog,
        settings,
        adapters: watched,
      });
      expect(outcome).toBe('cleared');
      expect(asked).toEqual([]);
      expect(await gameCount(db)).toBe(0);
    });
  });

  it('leaves a database alone when the image holds no games', async () => {
    await withImageGames(async (db) => {
      const { settings, adapters } = t.app.gameCatalog;
      expect(await settleImageCatalog({ db, catalog: undefined, settings, adapters })).toBe('none');
      expect(await gameCount(db)).toBe(image.rows.length);
    });
  });
});
