import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, checkIn, timestamptz, updatedAt } from './columns';
import { userId, userKey } from './accounts';

const identityStatuses = ['not_started', 'pending', 'verified', 'rejected'] as const;
const documentKinds = ['identity', 'address'] as const;
const documentTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/**
 * The identity check of a player (KYC, docs/decisions/052): one row once a first document
 * arrives. A player without a row has status not_started.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    userId: userKey('cascade'),
    status: text('status', { enum: identityStatuses }).notNull(),
    /** The operator's reason, while rejected. */
    rejectReason: text('reject_reason'),
    /** When both documents were there and the check became pending (the last time). */
    submittedAt: timestamptz('submitted_at'),
    reviewedAt: timestamptz('reviewed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('identity_checks_status', t.status, identityStatuses),
    index('identity_checks_status_idx').on(t.status, t.submittedAt),
  ],
);

/**
 * The uploaded documents: in the database so every instance serves them and nothing lands on a
 * disk or under the web root. One per kind and player; a new upload replaces the old one.
 * Deleted when the account is closed (decision 053). The bytes are in
 * identity_document_chunks under `storage_id` (issue 25: one 10 MB value in one statement held
 * the embedded database, and with it every request, for seconds); `bytes` holds those stored
 * before that.
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    userId: userId('cascade'),
    kind: text('kind', { enum: documentKinds }).notNull(),
    /** Sniffed from the first bytes, never taken from the upload's name or headers. */
    contentType: text('content_type', { enum: documentTypes }).notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the bytes, hex: for the operator's records. */
    sha256: text('sha256').notNull(),
    /** Documents stored before the chunks (null for every newer one). */
    bytes: bytea('bytes'),
    /** The chunks holding the bytes (identity_document_chunks), for every newer document. */
    storageId: uuid('storage_id'),
    uploadedAt: timestamptz('uploaded_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    checkIn('identity_documents_kind', t.kind, documentKinds),
    checkIn('identity_documents_type', t.contentType, documentTypes),
    check(
      'identity_documents_size',
      sql`${t.size} > 0 and (${t.bytes} is null or ${t.size} = octet_length(${t.bytes}))`,
    ),
    check('identity_documents_storage', sql`(${t.bytes} is null) <> (${t.storageId} is null)`),
  ],
);

/**
 * A document's bytes in pieces of at most 64 KiB, each written and read by a statement of its
 * own: the embedded database runs on the event loop, and a piece takes it for milliseconds
 * where a whole document took seconds. Written before the document row points at them, so a
 * replaced document is never half-written; removed with it.
 */
export const identityDocumentChunks = pgTable(
  'identity_document_chunks',
  {
    storageId: uuid('storage_id').notNull(),
    seq: integer('seq').notNull(),
    userId: userId('cascade'),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storageId, t.seq] }),
    index('identity_document_chunks_user_idx').on(t.userId),
  ],
);

/**
 * A closed account (decision 053): the users row stays (the ledger and payments name it) but
 * its personal data is replaced; this row says when and that it can never sign in again.
 */
export const accountClosures = pgTable('account_closures', {
  userId: userKey(),
  closedAt: timestamptz('closed_at').notNull(),
});
