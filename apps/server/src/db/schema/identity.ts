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
 * The uploaded documents, bytes included: in the database so every instance serves them and
 * nothing lands on a disk or under the web root. One per kind and player; a new upload
 * replaces the old one. Deleted when the account is closed (decision 053).
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
    bytes: bytea('bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('identity_documents_kind', sql`${t.kind} in (${inList(documentKinds)})`),
    check('identity_documents_type', sql`${t.contentType} in (${inList(documentTypes)})`),
    check('identity_documents_size', sql`${t.size} > 0 and ${t.size} = octet_length(${t.bytes})`),
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
