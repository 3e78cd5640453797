import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
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
    async write(userId, storageId, path) {
      await mkdir(folderOf(userId), { recursive: true, mode: 0o700 });
      await copyFile(path, fileOf(userId, storageId));
    },
    read: (userId, storageId) => createReadStream(fileOf(userId, storageId)),
    remove: (userId, storageId) => rm(fileOf(userId, storageId), { force: true }),
    removeAll: (userId) => rm(folderOf(userId), { recursive: true, force: true }),
  };
}
