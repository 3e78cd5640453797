import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Failed-password counters (login, password change), kept in the database so that every
 * instance of the server sees the same counts. Keys name a scope, e.g. "login:pair:<email>
 * <ip>"; see features/auth/throttle.ts and docs/decisions/012.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  /** Failures since windowStartedAt. */
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Locks served so far; each one doubles the next (for the policies that escalate). */
  lockCount: integer('lock_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One row per one-time code e-mailed, for the resend limits per address (one a minute,
 * five an hour). Rows older than the longest window are deleted as new ones come.
 */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: uuid('id').primaryKey(),
    address: text('address').notNull(),
    purpose: text('purpose').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('otp_sends_address_sent_at_idx').on(t.address, t.sentAt)],
);
