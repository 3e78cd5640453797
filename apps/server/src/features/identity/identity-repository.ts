import { createReadStream } from 'node:fs';
import type { IdentityDocumentKind, IdentityDocumentType, IdentityStatus } from '@casino/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  identityChecks,
  identityDocumentChunks,
  identityDocuments,
  payments,
  users,
} from '../../db/schema';

/** The size of a stored chunk (identity_document_chunks). */
export const chunkBytes = 64 * 1024;

export type IdentityCheckRow = typeof identityChecks.$inferSelect;

export interface DocumentMeta {
  kind: IdentityDocumentKind;
  contentType: IdentityDocumentType;
  size: number;
  sha256: string;
  uploadedAt: Date;
}

/** A document as stored: its bytes inline (before issue 25) or in chunks under storageId. */
export interface StoredDocument extends DocumentMeta {
  bytes: Buffer | null;
  storageId: string | null;
}

/** A new document's row: its bytes are already in chunks under storageId. */
export interface NewDocument extends DocumentMeta {
  storageId: string;
}

export interface IdentityRepository {
  check(userId: string): Promise<IdentityCheckRow | undefined>;
  checkWithUsername(userId: string): Promise<(IdentityCheckRow & { username: string }) | undefined>;
  /** The check row, created as not_started if missing, locked for this transaction. */
  lockCheck(userId: string, now: Date): Promise<IdentityCheckRow>;
  documents(userId: string): Promise<DocumentMeta[]>;
  /** Documents of several players at once (the operator's list). */
  documentsOf(userIds: string[]): Promise<Map<string, DocumentMeta[]>>;
  document(userId: string, kind: IdentityDocumentKind): Promise<StoredDocument | undefined>;
  /**
   * Inserts or replaces the player's document of that kind; answers the chunks the replaced
   * one held (to remove once this transaction committed).
   */
  saveDocument(userId: string, document: NewDocument): Promise<string | null>;
  /** Writes a file as chunks, a statement each (outside any transaction: see the schema). */
  writeChunks(userId: string, storageId: string, path: string): Promise<void>;
  /** The chunks of a stored document, one statement each, in order. */
  readChunks(storageId: string): AsyncGenerator<Buffer>;
  removeChunks(storageId: string): Promise<void>;
  update(userId: string, patch: Partial<Omit<IdentityCheckRow, 'userId'>>): Promise<void>;
  /** Checks in a status, oldest submission first, with the player's name. */
  inStatus(
    status: IdentityStatus,
    limit: number,
  ): Promise<(IdentityCheckRow & { username: string })[]>;
  /** Whether any withdrawal of the player was paid out. */
  hasPaidWithdrawal(userId: string): Promise<boolean>;
}

const metaColumns = {
  kind: identityDocuments.kind,
  contentType: identityDocuments.contentType,
  size: identityDocuments.size,
  sha256: identityDocuments.sha256,
  uploadedAt: identityDocuments.uploadedAt,
};

export function createIdentityRepository(db: Database): IdentityRepository {
  return {
    async check(userId) {
      const [row] = await db.select().from(identityChecks).where(eq(identityChecks.userId, userId));
      return row;
    },

    async checkWithUsername(userId) {
      const [row] = await db
        .select({ check: identityChecks, username: users.username })
        .from(identityChecks)
        .innerJoin(users, eq(users.id, identityChecks.userId))
        .where(eq(identityChecks.userId, userId));
      return row && { ...row.check, username: row.username };
    },

    async lockCheck(userId, now) {
      await db
        .insert(identityChecks)
        .values({ userId, status: 'not_started', updatedAt: now })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(identityChecks)
        .where(eq(identityChecks.userId, userId))
        .for('update');
      if (!row) throw new Error(`identity check of ${userId} vanished`);
      return row;
    },

    async documents(userId) {
      return db
        .select(metaColumns)
        .from(identityDocuments)
        .where(eq(identityDocuments.userId, userId))
        .orderBy(asc(identityDocuments.kind));
    },

    async documentsOf(userIds) {
      const byUser = new Map<string, DocumentMeta[]>();
      if (userIds.length === 0) return byUser;
      const rows = await db
        .select({ ...metaColumns, userId: identityDocuments.userId })
        .from(identityDocuments)
        .where(
          sql`${identityDocuments.userId} in (${sql.join(
            userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
        .orderBy(asc(identityDocuments.kind));
      for (const { userId, ...meta } of rows) {
        byUser.set(userId, [...(byUser.get(userId) ?? []), meta]);
      }
      return byUser;
    },

    async document(userId, kind) {
      const [row] = await db
        .select({
          ...metaColumns,
          bytes: identityDocuments.bytes,
          storageId: identityDocuments.storageId,
        })
        .from(identityDocuments)
        .where(and(eq(identityDocuments.userId, userId), eq(identityDocuments.kind, kind)));
      return row;
    },

    async saveDocument(userId, document) {
      const [previous] = await db
        .select({ storageId: identityDocuments.storageId })
        .from(identityDocuments)
        .where(and(eq(identityDocuments.userId, userId), eq(identityDocuments.kind, document.kind)))
        .for('update');
      const row = { ...document, bytes: null };
      await db
        .insert(identityDocuments)
        .values({ userId, ...row })
        .onConflictDoUpdate({
          target: [identityDocuments.userId, identityDocuments.kind],
          set: row,
        });
      return previous?.storageId ?? null;
    },

    async writeChunks(userId, storageId, path) {
      let seq = 0;
      for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes })) {
        // As hex text, decoded by the database: the embedded PGlite turns a binary parameter
        // into text in JavaScript, byte by byte (about 1 µs a byte on the event loop), where
        // Buffer's own hex and PostgreSQL's decode() take a few milliseconds a chunk.
        const hex = (chunk as Buffer).toString('hex');
        await db.execute(sql`
          insert into identity_document_chunks (storage_id, seq, user_id, bytes)
          values (${storageId}::uuid, ${seq}, ${userId}::uuid, decode(${hex}, 'hex'))`);
        seq += 1;
      }
    },

    async *readChunks(storageId) {
      for (let seq = 0; ; seq++) {
        const { rows } = await db.execute<{ hex: string }>(sql`
          select encode(bytes, 'hex') as hex from identity_document_chunks
          where storage_id = ${storageId}::uuid and seq = ${seq}`);
        const row = rows[0];
        if (!row) return;
        yield Buffer.from(row.hex, 'hex');
      }
    },

    async removeChunks(storageId) {
      await db
        .delete(identityDocumentChunks)
        .where(eq(identityDocumentChunks.storageId, storageId));
    },

    async update(userId, patch) {
      await db.update(identityChecks).set(patch).where(eq(identityChecks.userId, userId));
    },

    async inStatus(status, limit) {
      const rows = await db
        .select({ check: identityChecks, username: users.username })
        .from(identityChecks)
        .innerJoin(users, eq(users.id, identityChecks.userId))
        .where(eq(identityChecks.status, status))
        .orderBy(asc(identityChecks.submittedAt), asc(identityChecks.userId))
        .limit(limit);
      return rows.map((row) => ({ ...row.check, username: row.username }));
    },

    async hasPaidWithdrawal(userId) {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.direction, 'withdrawal'),
            eq(payments.status, 'paid'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
