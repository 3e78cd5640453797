import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './migrations-folder';
import { openPglite } from './pglite-connection';
import { writeCatalogRows, type ImageCatalog } from './pglite-image-catalog';
import { packDataDirTar } from './pglite-image-tar';

/**
 * A migrated PGlite database made at build time (build.mjs), shipped beside the bundle: a new
 * embedded database starts as a copy of it instead of running every migration one by one on
 * an empty PGlite (5.4 s of a 5.6 s start in issue 31). Made from the migrations folder of
 * the build, never committed; the manifest names the migrations it holds, and an image whose
 * migrations are not the first ones of this build's folder (or of another PGlite version) is
 * not used. An existing database never uses it: it applies only what is new, as before.
 */
export const imageFile = 'pglite-image.tar';
export const manifestFile = 'pglite-image.json';

/**
 * How the image is made: 3 = a cleanly closed folder, packed, with the studios' games when
 * the build gave them (2: without games; 1, without the field: PGlite's dump of an open
 * database). A build remakes an image of another format.
 */
const imageFormat = 3;

interface ImageManifest {
  format?: number;
  pglite: string;
  /** Journal tag and SHA-256 of each migration's SQL, in order. */
  migrations: { tag: string; sha256: string }[];
  /** The built-in studios' games the image holds (pglite-image-catalog.ts), if any. */
  catalog?: ImageCatalog;
}

/** The games to write into the image, and what they are (scripts/pglite-image-catalog.ts). */
export type CatalogSnapshot = (image: Uint8Array) => Promise<{
  rows: unknown[];
  catalog: ImageCatalog;
}>;

/** The migrations of a drizzle folder, in journal order, with the hash of each SQL file. */
export async function migrationsOf(
  folder = migrationsFolder,
): Promise<ImageManifest['migrations']> {
  const journal = JSON.parse(await readFile(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return Promise.all(
    journal.entries.map(async ({ tag }) => ({
      tag,
      sha256: createHash('sha256')
        .update(await readFile(join(folder, `${tag}.sql`)))
        .digest('hex'),
    })),
  );
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve('@electric-sql/pglite'));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (parsed.name === '@electric-sql/pglite' && parsed.version) return parsed.version;
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

/**
 * Builds the image into `outDir` (build.mjs runs this after bundling): the migrations are
 * applied to a scratch data folder that PGlite then closes cleanly, and that folder is packed.
 * A cleanly closed database opens without recovery; `dumpDataDir()` of an open one would
 * make every new server replay the migrations' WAL first (~2.6 MB: a second of CPU, most of
 * the start's database time, decision 093).
 */
export async function buildPgliteImage(
  outDir: string,
  folder = migrationsFolder,
  options: { catalog?: CatalogSnapshot } = {},
): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'casino-pglite-image-'));
  try {
    const dataDir = join(scratch, 'pglite');
    const db = await openPglite({ dataDir });
    try {
      await migrate(drizzle({ client: db.$client }), { migrationsFolder: folder });
    } finally {
      await db.close();
    }
    // The studios' catalog, synced by an app on a copy of the migrated database, then
    // written into it: only the games cross over (the app's other first-start writes, such
    // as the content pages of CONTENT_DIR, stay each server's own).
    const snapshot = options.catalog ? await options.catalog(packDataDirTar(dataDir)) : undefined;
    if (snapshot) {
      const again = await openPglite({ dataDir });
      try {
        await writeCatalogRows(again, snapshot.rows);
      } finally {
        await again.close();
      }
    }
    const bytes = packDataDirTar(dataDir);
    const manifest: ImageManifest = {
      format: imageFormat,
      pglite: pgliteVersion(),
      migrations: await migrationsOf(folder),
      ...(snapshot && { catalog: snapshot.catalog }),
    };
    // The manifest goes first and comes back last: a build cut short leaves no manifest
    // that vouches for another image.
    await rm(join(outDir, manifestFile), { force: true });
    const partial = join(outDir, `${imageFile}.partial`);
    await writeFile(partial, bytes);
    await rename(partial, join(outDir, imageFile));
    await writeFile(join(outDir, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Whether `dir` holds an image of exactly this folder's migrations on this PGlite. */
export async function imageIsCurrent(
  dir: string,
  folder = migrationsFolder,
  options: { catalogSources?: string } = {},
): Promise<boolean> {
  const manifest = await readManifest(dir);
  if (!manifest || manifest.format !== imageFormat || manifest.pglite !== pgliteVersion()) {
    return false;
  }
  const current = await migrationsOf(folder);
  if (JSON.stringify(manifest.migrations) !== JSON.stringify(current)) return false;
  // The code the studios' catalogs come from changed (new games, say), the migrations not.
  return (
    options.catalogSources === undefined || manifest.catalog?.sources === options.catalogSources
  );
}

/** The games an image holds (its manifest beside it), if it holds any. */
export async function imageCatalogOf(image: string): Promise<ImageCatalog | undefined> {
  return (await readManifest(dirname(image)))?.catalog;
}

async function readManifest(dir: string): Promise<ImageManifest | undefined> {
  const manifestPath = join(dir, manifestFile);
  if (!existsSync(manifestPath) || !existsSync(join(dir, imageFile))) return undefined;
  return JSON.parse(await readFile(manifestPath, 'utf8')) as ImageManifest;
}

/**
 * The image (its file) to start a new database from, if one lies in `dir` (beside the
 * bundle) and fits this build: same PGlite, and its migrations the first ones of the folder
 * (the rest, if the folder gained some since, are applied by migrate() as for any existing
 * database). openPglite extracts it (pglite-image-tar.ts) only if the folder is new.
 */
export async function findPgliteImage(
  dir: string,
  folder = migrationsFolder,
): Promise<string | undefined> {
  const manifest = await readManifest(dir);
  if (!manifest || manifest.pglite !== pgliteVersion()) return undefined;
  const current = await migrationsOf(folder);
  const prefix = manifest.migrations.every(
    (m, i) => current[i]?.tag === m.tag && current[i]?.sha256 === m.sha256,
  );
  if (!prefix) return undefined;
  return join(dir, imageFile);
}
