import type { ProviderSlug } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { games } from '../../src/db/schema';
import { createCatalogRepository } from '../../src/features/games/catalog-repository';
import { createCatalogScheduler } from '../../src/features/games/catalog-scheduler';
import { createCatalogSync, type CatalogSync } from '../../src/features/games/catalog-sync';
import {
  ProviderError,
  type CatalogEntry,
  type ProviderAdapter,
} from '../../src/features/providers/provider-adapter';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry } from '../helpers/games';
import { createTestDb } from '../helpers/test-database';

/** An adapter whose catalog answer the test sets: a list, or a failure. */
function fakeAdapter(slug: ProviderSlug) {
  let next: CatalogEntry[] | Error = [];
  const adapter: ProviderAdapter & { answer(value: CatalogEntry[] | Error): void; calls: number } =
    {
      slug,
      calls: 0,
      answer(value) {
        next = value;
      },
      fetchCatalog() {
        adapter.calls++;
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
      launchUrl: () => Promise.reject(new Error('not used')),
    };
  return adapter;
}

let db: DatabaseConnection;
let destroy: () => Promise<void>;
const clock = fixedClock(new Date('2026-01-01T00:00:00Z'));
const logger = createLogger({ env: 'test', logLevel: 'silent' });
const endo = fakeAdapter('endorphina');
const gb = fakeAdapter('gbgames');
let sync: CatalogSync;
let changes = 0;

const rows = (provider: ProviderSlug) =>
  db
    .select({
      id: games.id,
      gameId: games.providerGameId,
      enabled: games.enabled,
      name: games.name,
    })
    .from(games)
    .where(eq(games.provider, provider))
    .orderBy(games.providerGameId);

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  sync = createCatalogSync({
    adapters: [endo, gb],
    repository: createCatalogRepository(db),
    clock,
    logger,
    onChange: () => changes++,
  });
});

afterAll(async () => {
  await destroy();
});

describe('catalog sync', () => {
  it('stores every provider’s catalog', async () => {
    endo.answer([
      catalogEntry({ providerGameId: 'e1', name: 'One' }),
      catalogEntry({ providerGameId: 'e2', name: 'Two' }),
      catalogEntry({ providerGameId: 'e3', name: 'Three' }),
    ]);
    gb.answer([catalogEntry({ providerGameId: 'g1' })]);
    const reports = await sync.syncAll();
    expect(reports).toEqual([
      { provider: 'endorphina', ok: true, upserted: 3, disabled: 0 },
      { provider: 'gbgames', ok: true, upserted: 1, disabled: 0 },
    ]);
    expect((await rows('endorphina')).map((r) => r.enabled)).toEqual([true, true, true]);
    expect(changes).toBe(2);
  });

  it('keeps the previous catalog of a provider that fails, and syncs the others', async () => {
    const before = await rows('endorphina');
    clock.advance(60_000);
    endo.answer(new ProviderError('endorphina', 'unavailable', 'HTTP 502'));
    gb.answer([
      catalogEntry({ providerGameId: 'g1', name: 'Renamed' }),
      catalogEntry({ providerGameId: 'g2' }),
    ]);
    const [endoReport, gbReport] = await sync.syncAll();
    expect(endoReport).toMatchObject({ provider: 'endorphina', ok: false, retryable: true });
    expect(gbReport).toMatchObject({ ok: true, upserted: 2 });
    expect(await rows('endorphina')).toEqual(before);
    expect((await rows('gbgames')).map((r) => r.name)).toEqual(['Renamed', 'g2']);
  });

  it('treats an empty catalog as a failure rather than disabling every game', async () => {
    clock.advance(60_000);
    endo.answer([]);
    const report = await sync.syncProvider('endorphina');
    expect(report).toMatchObject({ ok: false, retryable: true });
    expect((await rows('endorphina')).every((r) => r.enabled)).toBe(true);
  });

  it('disables games that vanished, keeps their ids, and re-enables them when they return', async () => {
    const before = new Map((await rows('endorphina')).map((r) => [r.gameId, r.id]));
    clock.advance(60_000);
    endo.answer([catalogEntry({ providerGameId: 'e1' }), catalogEntry({ providerGameId: 'e3' })]);
    expect(await sync.syncProvider('endorphina')).toEqual({
      provider: 'endorphina',
      ok: true,
      upserted: 2,
      disabled: 1,
    });
    expect((await rows('endorphina')).map((r) => [r.gameId, r.enabled])).toEqual([
      ['e1', true],
      ['e2', false],
      ['e3', true],
    ]);
    clock.advance(60_000);
    endo.answer([
      catalogEntry({ providerGameId: 'e1' }),
      catalogEntry({ providerGameId: 'e2' }),
      catalogEntry({ providerGameId: 'e2', name: 'a duplicate entry is ignored' }),
      catalogEntry({ providerGameId: 'e3' }),
    ]);
    await sync.syncProvider('endorphina');
    const after = await rows('endorphina');
    expect(after.every((r) => r.enabled)).toBe(true);
    expect(new Map(after.map((r) => [r.gameId, r.id]))).toEqual(before);
    // gbgames was never touched by the Endorphina syncs.
    expect((await rows('gbgames')).every((r) => r.enabled)).toBe(true);
  });

  it('does not retry a provider that refuses our credentials at once', async () => {
    endo.answer(new ProviderError('endorphina', 'refused', 'bad sign'));
    expect(await sync.syncProvider('endorphina')).toMatchObject({ ok: false, retryable: false });
  });
});

describe('catalog scheduler', () => {
  it('retries a failed provider in the background until it answers', async () => {
    const flaky = fakeAdapter('pragmatic');
    const failures = [new ProviderError('pragmatic', 'unavailable', 'down'), new Error('timeout')];
    flaky.fetchCatalog = () => {
      flaky.calls++;
      const failure = failures.shift();
      return failure
        ? Promise.reject(failure)
        : Promise.resolve([catalogEntry({ providerGameId: 'vs10flaky' })]);
    };
    const scheduler = createCatalogScheduler({
      sync: createCatalogSync({
        adapters: [flaky],
        repository: createCatalogRepository(db),
        clock,
        logger,
        onChange: () => undefined,
      }),
      logger,
      awaitFirstSync: false,
      intervalMs: 0,
      retryDelaysMs: [10, 10, 10],
    });
    try {
      expect(await scheduler.start()).toBeUndefined();
      await expect.poll(async () => (await rows('pragmatic')).length, { timeout: 5_000 }).toBe(1);
      expect(flaky.calls).toBe(3);
    } finally {
      scheduler.stop();
    }
  });

  it('awaits the first sync in simulated mode and reports it', async () => {
    const scheduler = createCatalogScheduler({
      sync,
      logger,
      awaitFirstSync: true,
      intervalMs: 60_000,
      retryDelaysMs: [],
    });
    endo.answer([catalogEntry({ providerGameId: 'e1' })]);
    try {
      const reports = await scheduler.start();
      expect(reports?.map((r) => r.ok)).toEqual([true, true]);
    } finally {
      scheduler.stop();
    }
  });
});
