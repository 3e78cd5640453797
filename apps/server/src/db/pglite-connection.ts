import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock';
import type { DatabaseConnection } from './database';
import { migrationsFolder } from './migrations-folder';
import type { ImageAhead } from './pglite-image-ahead';
import { extractDataDirTar, moveIntoPlace } from './pglite-image-tar';
import * as schema from './schema';

export interface PgliteOptions {
  /** Folder of the persistent database; omit for an in-memory one. */
  dataDir?: string;
  /** A tarball from `dumpDataDir()` to start from (tests copy a migrated template this way). */
  loadDataDir?: Blob;
  /**
   * With `dataDir`: the file of such a tarball (the build's migrated image) that a new folder
   * starts from, written into it under the folder's lock; a folder that holds a database
   * already opens as it is.
   */
  image?: string;
  /** That image, being written for this folder by the entry's worker (pglite-image-ahead.ts). */
  ahead?: ImageAhead | undefined;
}

/** Whether a PGlite data folder holds a database already (initdb writes PG_VERSION first). */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** The image into a new folder: the one written ahead if it is this image for this folder. */
async function writeImage(dataDir: string, image: string, ahead: ImageAhead | undefined) {
  const written =
    ahead && resolve(ahead.dataDir) === resolve(dataDir) && resolve(ahead.image) === resolve(image)
      ? await ahead.written
      : undefined;
  if (written) {
    await moveIntoPlace(written, dataDir);
  } else {
    await extractDataDirTar(await readFile(image), dataDir);
  }
}

/** Embedded PostgreSQL (WASM): the default, so a fresh checkout runs with nothing installed. */
export async function openPglite(
  options: PgliteOptions = {},
): Promise<DatabaseConnection & { $client: PGlite; fromImage: string | undefined }> {
  let unlock = () => Promise.resolve();
  // The image this call wrote into the new folder (start-server settles its games).
  let fromImage: string | undefined;
  if (options.dataDir !== undefined) {
    await mkdir(options.dataDir, { recursive: true });
    // One process per data folder (see data-dir-lock.ts): a second one gets DataDirLocked.
    unlock = await lockDataDir(options.dataDir);
    if (options.image !== undefined && !holdsDatabase(options.dataDir)) {
      await writeImage(options.dataDir, options.image, options.ahead).catch(
        async (error: unknown) => {
          await unlock();
          throw error;
        },
      );
      fromImage = options.image;
    }
  }
  const client = await PGlite.create(options.dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // bigint (int8) as text, as node-postgres returns it: raw queries (count(*), sums of
    // minor units) then give the same type on both drivers, and never a lossy number.
    parsers: { [types.INT8]: (value: string) => value },
    // Trigram indexes for game search (migration 0002 creates the extension): PGlite ships
    // pg_trgm as a contrib extension that must be loaded here before CREATE EXTENSION works.
    extensions: { pg_trgm },
  }).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const db = drizzle({ client, schema });
  let closing: Promise<void> | undefined;
  return Object.assign(db, {
    driver: 'pglite' as const,
    fromImage,
    migrate: () => migrate(db, { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    async listen(channel: string, onPayload: (payload: string) => void) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    // One process owns a PGlite folder (data-dir-lock.ts): there is no other instance.
    async withClusterLock(_name: string, task: () => Promise<void>) {
      await task();
      return true;
    },
    close() {
      closing ??= (client.closed ? Promise.resolve() : client.close()).finally(unlock);
      return closing;
    },
  });
}
