import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { migrationsFolder } from './migrations-folder';
import { openPglite } from './pglite-connection';

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

interface ImageManifest {
  pglite: string;
  /** Journal tag and SHA-256 of each migration's SQL, in order. */
  migrations: { tag: string; sha256: string }[];
}

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

/** Builds the image into `outDir` (build.mjs runs this after bundling). */
export async function buildPgliteImage(outDir: string, folder = migrationsFolder): Promise<void> {
  const db = await openPglite();
  try {
    await db.migrate();
    // Uncompressed: bigger, but it loads faster than a gzipped one (start-up is the point).
    const dump = await db.$client.dumpDataDir('none');
    const manifest: ImageManifest = {
      pglite: pgliteVersion(),
      migrations: await migrationsOf(folder),
    };
    const partial = join(outDir, `${imageFile}.partial`);
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, join(outDir, imageFile));
    await writeFile(join(outDir, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await db.close();
  }
}

/**
 * The image to start a new database from, if one lies in `dir` (beside the bundle) and fits
 * this build: same PGlite, and its migrations the first ones of the folder (the rest, if the
 * folder gained some since, are applied by migrate() as for any existing database).
 */
export async function findPgliteImage(
  dir: string,
  folder = migrationsFolder,
): Promise<Blob | undefined> {
  const manifestPath = join(dir, manifestFile);
  if (!existsSync(manifestPath) || !existsSync(join(dir, imageFile))) return undefined;
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as ImageManifest;
  if (manifest.pglite !== pgliteVersion()) return undefined;
  const current = await migrationsOf(folder);
  const prefix = manifest.migrations.every(
    (m, i) => current[i]?.tag === m.tag && current[i]?.sha256 === m.sha256,
  );
  if (!prefix) return undefined;
  return new Blob([await readFile(join(dir, imageFile))]);
}

/** Whether a PGlite data folder holds a database already (initdb writes PG_VERSION first). */
export async function holdsDatabase(dataDir: string): Promise<boolean> {
  if (!existsSync(dataDir)) return false;
  return (await readdir(dataDir)).includes('PG_VERSION');
}
