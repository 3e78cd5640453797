// The built-in studios' catalog for the migrated PGlite image (decision 096): an app on an
// in-memory copy of the image, with the default configuration (every provider simulated, no
// PUBLIC_URL), syncs the catalog the way a new server's first sync does; its games rows go
// into the image, and the fingerprint of the catalogs into the manifest.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { openPglite } from '../src/db/pglite-connection';
import type { CatalogSnapshot } from '../src/db/pglite-image';
import {
  catalogFingerprint,
  readCatalogRows,
  snapshotProviders,
} from '../src/db/pglite-image-catalog';
import { systemClock } from '../src/lib/clock';
import { serverPackageRoot } from '../src/lib/package-root';
import { createLogger } from '../src/lib/logger';
import { createLogMailer } from '../src/lib/mail/log-mailer';

/** Runs `work` on an app over an in-memory copy of the image; nothing is written to disk. */
async function withImageApp<T>(
  image: Uint8Array,
  work: (app: FastifyInstance, db: Database) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-image-catalog-'));
  try {
    const db = await openPglite({ loadDataDir: new Blob([image]) });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // Throwaway: the catalogs do not depend on them, and none is kept.
      JWT_SECRET: 'image-catalog-jwt-secret-0123456789abcdefgh',
      OTP_SECRET: 'image-catalog-otp-secret-0123456789abcdefgh',
    });
    const logger = createLogger(config);
    const app = await buildApp({
      config,
      db,
      logger,
      clock: systemClock,
      mailer: createLogMailer(logger, config.env),
    }).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    try {
      return await work(app, db);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function studiosOf(app: FastifyInstance) {
  const providers = snapshotProviders(app.gameCatalog.settings);
  const adapters = providers.map((provider) => app.gameCatalog.adapters[provider]);
  return { providers, adapters: adapters.filter((a) => a !== undefined) };
}

/** Syncs the studios' catalogs on a copy of the image: the rows to write into it. */
export const snapshotCatalog: CatalogSnapshot = (image) =>
  withImageApp(image, async (app, db) => {
    const { providers, adapters } = studiosOf(app);
    const reports = await app.gameCatalog.sync.syncAll();
    const failed = reports.filter((report) => !report.ok);
    if (failed.length > 0) throw new Error(`catalog sync failed: ${JSON.stringify(failed)}`);
    const rows = await readCatalogRows(db);
    const sha256 = await catalogFingerprint(adapters);
    const sources = await catalogSourcesSha256();
    return { rows, catalog: { providers, sha256, games: rows.length, sources } };
  });

/**
 * The source files the studios' catalogs come from (the studios, the adapters, the catalog's
 * mapping), hashed: the build remakes the image when they change. Cheaper than asking an
 * app (seconds per build); a change elsewhere that alters a catalog only costs speed: the
 * server finds the image's games are not what it would sync, and deletes them.
 */
export async function catalogSourcesSha256(): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of catalogSourceFolders) {
    const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && /\.(ts|json)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files)
      hash.update(relative(serverPackageRoot, file)).update(await readFile(file));
  }
  return hash.digest('hex');
}

const catalogSourceFolders = [
  join(serverPackageRoot, '../../packages/studios/src'),
  join(serverPackageRoot, '../../packages/contracts/src'),
  join(serverPackageRoot, 'src/features/providers'),
  join(serverPackageRoot, 'src/features/games'),
];
