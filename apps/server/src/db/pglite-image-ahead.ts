import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { extractionScratchOf } from './pglite-image-tar';

/**
 * The image written into a new data folder while the server's modules load (decision 096).
 * The built server's entry (server.ts) starts this before it imports the rest: a worker
 * thread reads the image beside the bundle and writes it into the folder's scratch place
 * (pglite-image-tar.ts), on the second core, while the first loads and evaluates the npm
 * packages and the bundle (~0.4 s). openPglite then only renames the folder into place, under
 * the data folder's lock, if it wants that very image for that very folder; anything else
 * (another DATA_DIR in the end, an image that does not fit this build, a folder that holds a
 * database by then) discards it, and the start goes on as without it.
 *
 * Only this file and node: modules are loaded before the worker starts. Run from source
 * there is no writer beside this module, and nothing is done ahead.
 */
export interface ImageAhead {
  /** The image file being written, and the data folder it is written for. */
  image: string;
  dataDir: string;
  /** The scratch folder, complete, once the worker is done; undefined if it failed. */
  written: Promise<string | undefined>;
  /** Removes the scratch folder unless it was renamed into place (safe to call again). */
  discard(): Promise<void>;
}

const writerFile = 'pglite-image-writer.js';
const imageFile = 'pglite-image.tar';

/**
 * Starts writing the image for the embedded database the environment names, if there is
 * one: DATABASE_URL unset, DATA_DIR's `pglite` folder without a database, an image and the
 * writer beside this module. DATA_DIR is read as the configuration reads it (relative to the
 * working directory, ./data by default); if the configuration ends on another folder the
 * work is discarded, never used for it.
 */
export function writeImageAhead(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
  here = dirname(fileURLToPath(import.meta.url)),
): ImageAhead | undefined {
  if (env.DATABASE_URL?.trim()) return undefined;
  const writer = join(here, writerFile);
  const image = join(here, imageFile);
  const dataDir = join(resolve(cwd, env.DATA_DIR?.trim() || './data'), 'pglite');
  if (!existsSync(writer) || !existsSync(image) || existsSync(join(dataDir, 'PG_VERSION'))) {
    return undefined;
  }
  const scratch = `${extractionScratchOf(dataDir)}-ahead`;
  const worker = new Worker(writer, { workerData: { image, scratch } });
  const written = new Promise<string | undefined>((settle) => {
    worker.once('message', (files: unknown) =>
      settle(typeof files === 'number' ? scratch : undefined),
    );
    worker.once('error', () => settle(undefined));
    worker.once('exit', () => settle(undefined));
  });
  let discarded: Promise<void> | undefined;
  return {
    image,
    dataDir,
    written,
    discard: () =>
      (discarded ??= written.then(() => rm(scratch, { recursive: true, force: true }))),
  };
}
