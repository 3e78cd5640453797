import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IdentityRepository } from './identity-repository';

/**
 * Where a document's bytes live, by `storageId` (the record is identity_documents either way):
 * - on PostgreSQL, in identity_document_chunks, so that every instance serves them;
 * - on the embedded PGlite, which runs inside the server's event loop and opens and writes
 *   its files synchronously, in DATA_DIR/identity-documents/<player>/<storageId> (mode 0600):
 *   a 10 MB document written into it held every request for seconds (issue 25), and PGlite
 *   serves a single process anyway (one per data folder).
 */
export interface DocumentStorage {
  write(userId: string, storageId: string, path: string): Promise<void>;
  read(userId: string, storageId: string): AsyncIterable<Buffer>;
  remove(userId: string, storageId: string): Promise<void>;
  /** Everything of a player (a closed account, decision 053). */
  removeAll(userId: string): Promise<void>;
}

export function databaseStorage(repository: IdentityRepository): DocumentStorage {
  return {
    write: (userId, storageId, path) => repository.writeChunks(userId, storageId, path),
    read: (_userId, storageId) => repository.readChunks(storageId),
    remove: (_userId, storageId) => repository.removeChunks(storageId),
    // The account's closure deletes the chunks with the records, in its transaction.
    removeAll: () => Promise.resolve(),
  };
}

/** fsync of a file or a folder, off the event loop (libuv's pool). */
async function flush(path: string, flags: 'r' | 'r+') {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Ids we generate (UUIDs): nothing else ever becomes part of a path. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function fileStorage(dir: string): DocumentStorage {
  const folderOf = (userId: string) => {
    if (!uuid.test(userId)) throw new Error('not a player id');
    return join(dir, userId);
  };
  const fileOf = (userId: string, storageId: string) => {
    if (!uuid.test(storageId)) throw new Error('not a storage id');
    return join(folderOf(userId), storageId);
  };
  return {
    // Atomic and durable before the record points at it: copied beside its place under a
    // temporary name, flushed, renamed, the folder flushed. A crash leaves the whole file or
    // none (a `.partial` is never served and goes with the player's folder).
    async write(userId, storageId, path) {
      const folder = folderOf(userId);
      const final = fileOf(userId, storageId);
      const partial = `${final}.partial`;
      await mkdir(folder, { recursive: true, mode: 0o700 });
      try {
        await copyFile(path, partial);
        await flush(partial, 'r+');
        await rename(partial, final);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await flush(folder, 'r');
    },
    read: (userId, storageId) => createReadStream(fileOf(userId, storageId)),
    remove: (userId, storageId) => rm(fileOf(userId, storageId), { force: true }),
    removeAll: (userId) => rm(folderOf(userId), { recursive: true, force: true }),
  };
}
