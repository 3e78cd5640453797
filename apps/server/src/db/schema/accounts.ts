import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId, uuidRef, type OnDelete } from './columns';

/**
 * Player accounts. A row exists only once an e-mailed code was confirmed (see
 * pending_registrations); the unique indexes are the final arbiter when two registrations
 * race for one name or address.
 */
export const users = pgTable(
  'users',
  {
    id: uuidId(),
    /** As typed (case kept for display); unique case-insensitively. */
    username: text('username').notNull(),
    /** Trimmed and lower-cased by the contract before it gets here. */
    email: text('email').notNull(),
    /** argon2id PHC string; never leaves the server (response schemas are allow-lists). */
    passwordHash: text('password_hash').notNull(),
    /** File name under DATA_DIR/avatars, or null for the default picture. */
    avatar: text('avatar'),
    /** YYYY-MM-DD as given at registration (null for accounts made before it was asked). */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /**
     * ISO 3166-1 alpha-2 country of residence, upper case; null while unknown. The reports'
     * per-country figures read it (docs/decisions/075).
     */
    country: text('country'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    check('users_country', sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** The player a row belongs to (`user_id`, not null, a foreign key to users). */
export const userId = (onDelete?: OnDelete) => uuidRef('user_id', () => users.id, onDelete);

/** The player a one-per-player row belongs to (`user_id` as the primary key, to users). */
export const userKey = (onDelete?: OnDelete) =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete });

/**
 * The code a row waits for, e-mailed to the player: the columns features/auth/code-store.ts
 * reads and writes in each of its tables. `code_hash` is the HMAC-SHA256 of the code under
 * OTP_SECRET, bound to the purpose and the address; `attempts` counts the wrong codes tried
 * against the current code, which dies at the limit.
 */
const emailedCode = () => ({
  codeHash: text('code_hash').notNull(),
  codeExpiresAt: timestamptz('code_expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * A registration waiting for its e-mailed code, one per address: registering again for
 * the same address replaces the code (that is how "send again" works). Names and
 * addresses here are NOT reserved; an account is created at verification only.
 */
export const pendingRegistrations = pgTable('pending_registrations', {
  email: text('email').primaryKey(),
  username: text('username').notNull(),
  ...emailedCode(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An e-mail change waiting for the code sent to the new address; one per player. */
export const emailChanges = pgTable(
  'email_changes',
  {
    userId: userKey('cascade'),
    newEmail: text('new_email').notNull(),
    ...emailedCode(),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_new_email_idx').on(t.newEmail)],
);

/**
 * A password reset waiting for the code e-mailed to the account's address; one per player
 * (asking again replaces the code). Rows exist only for real accounts, but the answer to the
 * request is the same whether or not one was made (features/auth/password-reset-service.ts).
 */
export const passwordResets = pgTable('password_resets', {
  userId: userKey('cascade'),
  ...emailedCode(),
  createdAt: createdAt(),
});

/**
 * Every acceptance of the terms and privacy policy: which versions, when, from which IP. Kept
 * as a history (never updated): the newest row says what the player accepted last.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: uuidId(),
    userId: userId('cascade'),
    termsVersion: text('terms_version').notNull(),
    privacyVersion: text('privacy_version').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('terms_acceptances_user_id_idx').on(t.userId, t.acceptedAt)],
);
