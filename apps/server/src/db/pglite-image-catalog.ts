import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ProviderSlug } from '@casino/contracts';
import type { ProviderAdapter, ProviderSettings } from '../features/providers';
import type { Database } from './database';

/**
 * The game catalog a new embedded database starts with (decision 096). The build writes the
 * built-in studios' catalog into the migrated image (scripts/pglite-image-catalog.ts), so a
 * new database is not empty and the first sync runs in the background, as for an existing
 * one, instead of before listen (a fifth of a new start). The manifest keeps a fingerprint of
 * the catalogs the build synced; a new database keeps the image's games only if this server's
 * adapters answer exactly those catalogs now (same studios, same PUBLIC_URL, all simulated),
 * and otherwise starts with none, as it always did (the first sync is then awaited).
 */
export interface ImageCatalog {
  /** The offered providers whose catalogs the image holds, in order. */
  providers: ProviderSlug[];
  /** SHA-256 of those catalogs as the adapters answered them (catalogFingerprint). */
  sha256: string;
  games: number;
  /**
   * SHA-256 of the source files the catalogs come from, when the build made it: a build
   * remakes the image when they change (a stale image is only slower: its games are
   * deleted at start).
   */
  sources?: string;
}

/** The offered providers' catalogs, as their adapters answer them now, hashed. */
export async function catalogFingerprint(adapters: readonly ProviderAdapter[]): Promise<string> {
  const hash = createHash('sha256');
  for (const adapter of [...adapters].sort((a, b) => (a.slug < b.slug ? -1 : 1))) {
    hash.update(JSON.stringify([adapter.slug, await adapter.fetchCatalog()]));
  }
  return hash.digest('hex');
}

/** The providers a catalog snapshot can stand for: offered, and every one simulated. */
export function snapshotProviders(settings: Pick<ProviderSettings, 'modes'>): ProviderSlug[] {
  const offered = (Object.keys(settings.modes) as ProviderSlug[]).filter(
    (provider) => settings.modes[provider] !== 'off',
  );
  return offered.every((provider) => settings.modes[provider] === 'simulated') ? offered : [];
}

/**
 * On a database just made from the image: keeps the image's games when this server would
 * sync exactly them, else deletes them, so the start goes on as on an empty catalog. Only
 * the in-process studios are asked (an external provider is never called before listen).
 */
export async function settleImageCatalog(options: {
  db: Database;
  catalog: ImageCatalog | undefined;
  settings: Pick<ProviderSettings, 'modes'>;
  adapters: Readonly<Partial<Record<ProviderSlug, ProviderAdapter>>>;
}): Promise<'kept' | 'cleared' | 'none'> {
  const { db, catalog, settings, adapters } = options;
  if (!catalog || catalog.games === 0) return 'none';
  const providers = snapshotProviders(settings);
  const same =
    providers.length > 0 &&
    JSON.stringify(providers) === JSON.stringify(catalog.providers) &&
    (await catalogFingerprint(
      providers.map((provider) => adapters[provider]).filter((a) => a !== undefined),
    ).catch(() => undefined)) === catalog.sha256;
  if (same) return 'kept';
  await db.execute(sql`delete from games`);
  return 'cleared';
}

/** Every row of the games table, as JSON (the build reads the synced catalog this way). */
export async function readCatalogRows(db: Database): Promise<unknown[]> {
  const { rows } = await db.execute<{ rows: unknown[] }>(
    // In one order (by id): without it PostgreSQL may hand the same rows back in another.
    sql`select coalesce(json_agg(g order by g.id), '[]'::json) as rows from games g`,
  );
  return rows[0]?.rows ?? [];
}

/** Writes rows read by readCatalogRows into another database of the same migrations. */
export async function writeCatalogRows(db: Database, rows: unknown[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into games select * from json_populate_recordset(null::games, ${JSON.stringify(rows)}::json)`,
  );
  // The trigram index's pending list, flushed as a sync does (catalog-repository.ts).
  await db.execute(sql`select gin_clean_pending_list('games_search_text_trgm_idx'::regclass)`);
}
