import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt, uuidId } from './columns';

/**
 * Failed-password counters (login, password change), kept in the database so that every
 * instance of the server sees the same counts. Keys name a scope, e.g. "login:pair:<email>
 * <ip>"; see features/auth/throttle.ts and docs/decisions/012.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  /** Failures since windowStartedAt. */
  failures: integer('failures').notNull(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  lockedUntil: timestamptz('locked_until'),
  /** Locks served so far; each one doubles the next (for the policies that escalate). */
  lockCount: integer('lock_count').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * One row per one-time code e-mailed, for the resend limits per address (one a minute,
 * five an hour). Rows older than the longest window are deleted as new ones come.
 */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: uuidId(),
    address: text('address').notNull(),
    purpose: text('purpose').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [index('otp_sends_address_sent_at_idx').on(t.address, t.sentAt)],
);
