import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, int8, serialId, timestamptz, updatedAt, uuidId, uuidRef } from './columns';
import { userId, userKey } from './accounts';

/**
 * The back office (issue 28, docs/decisions/065): staff accounts and sessions, the audit log,
 * four-eyes approvals, and what staff keep about players (blocks, notes, tags).
 */

/** A staff member. Password and authenticator are null until the set-up link is used. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuidId(),
    /** Lower-cased. */
    email: text('email').notNull(),
    roles: text('roles').array().notNull(),
    passwordHash: text('password_hash'),
    /** AES-256-GCM under the key derived from OTP_SECRET, the staff id as associated data. */
    totpSecret: text('totp_secret'),
    /** The last TOTP step accepted: a code is never taken twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamptz('disabled_at'),
    lastLoginAt: timestamptz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_accounts_email_key').on(t.email)],
);

/** A one-time set-up link (its SHA-256); one live link per staff member. */
export const staffSetupTokens = pgTable('staff_setup_tokens', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The authenticator secret offered at set-up, encrypted like the account's. */
  totpSecret: text('totp_secret'),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});

/** The client a staff member's request came from: kept with the sign-in and each audit row. */
const requestClient = () => ({ ip: text('ip'), userAgent: text('user_agent') });

/** A staff session: the cookie holds a random token, this its SHA-256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuidId(),
    staffId: uuidRef('staff_id', () => staffAccounts.id, 'cascade'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    /** created_at + 12 hours. */
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason'),
    ...requestClient(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId, t.endedAt)],
);

/**
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), each row chained to the one
 * before by `hash` = SHA-256(prev_hash, the row's content): `npm run audit:check`.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serialId(),
    at: timestamptz('at').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email'),
    actorRoles: text('actor_roles').array().notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ...requestClient(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('staff_audit_log_target_idx').on(t.targetKind, t.targetId, t.id),
    index('staff_audit_log_actor_idx').on(t.actorId, t.id),
  ],
);

/** Four-eyes: an adjustment or a withdrawal approval above the amount, waiting for a second. */
export const staffApprovals = pgTable(
  'staff_approvals',
  {
    id: uuidId(),
    kind: text('kind', { enum: ['adjustment', 'withdrawal'] }).notNull(),
    status: text('status', { enum: ['waiting', 'approved', 'rejected', 'failed'] }).notNull(),
    userId: uuid('user_id').notNull(),
    /** Thousandths, signed for an adjustment. */
    amount: int8('amount').notNull(),
    reason: text('reason'),
    paymentId: uuid('payment_id'),
    /** The adjustment's key as asked: asking again answers this approval. */
    idempotencyKey: text('idempotency_key'),
    requestedBy: text('requested_by').notNull(),
    requestedByEmail: text('requested_by_email'),
    requestedAt: timestamptz('requested_at').notNull(),
    decidedBy: text('decided_by'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamptz('decided_at'),
    failure: text('failure'),
  },
  (t) => [
    index('staff_approvals_status_idx').on(t.status, t.requestedAt),
    uniqueIndex('staff_approvals_waiting_payment_key')
      .on(t.paymentId)
      .where(sql`status = 'waiting'`),
    uniqueIndex('staff_approvals_adjustment_key').on(t.idempotencyKey),
  ],
);

/** A blocked player: no sign-in, no bets. Unblocking deletes the row (the audit log keeps it). */
export const playerBlocks = pgTable('player_blocks', {
  userId: userKey('cascade'),
  reason: text('reason').notNull(),
  blockedBy: text('blocked_by').notNull(),
  blockedAt: timestamptz('blocked_at').notNull(),
});

/** Staff notes on a player: append-only (a trigger), each with its author. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: serialId(),
    userId: userId('cascade'),
    text: text('text').notNull(),
    authorId: text('author_id').notNull(),
    authorEmail: text('author_email'),
    createdAt: createdAt(),
  },
  (t) => [index('player_notes_user_idx').on(t.userId, t.id)],
);

export const playerTags = pgTable(
  'player_tags',
  {
    userId: userId('cascade'),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);
