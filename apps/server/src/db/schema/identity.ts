import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

const identityStatuses = ['not_started', 'pending', 'verified', 'rejected'] as const;
const documentKinds = ['identity', 'address'] as const;
const documentTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** PostgreSQL bytea as a Node Buffer (PGlite and node-postgres both give a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array | Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The identity check of a player (KYC, docs/decisions/052): one row once a first document
 * arrives. A player without a row has status not_started.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: identityStatuses }).notNull(),
    /** The operator's reason, while rejected. */
    rejectReason: text('reject_reason'),
    /** When both documents were there and the check became pending (the last time). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('identity_checks_status', sql`${t.status} in (${inList(identityStatuses)})`),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('identity_documents_kind', sql`${t.kind} in (${inList(documentKinds)})`),
    check('identity_documents_type', sql`${t.contentType} in (${inList(documentTypes)})`),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
});
