import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidId, uuidRef } from './columns';
import { userId } from './accounts';

/**
 * A login: the family of refresh tokens that descend from it. Access tokens name their
 * session (claim sid) and every authenticated request looks it up by primary key, so
 * revoking the row ends the session at once, access tokens included.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidId(),
    userId: userId('cascade'),
    createdAt: createdAt(),
    /** Last login or refresh; the idle timeout counts from here. */
    lastUsedAt: timestamptz('last_used_at').notNull(),
    /** Absolute end: createdAt + SESSION_ABSOLUTE_TTL_DAYS, never extended. */
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** logout, reuse (a rotated refresh token came back), password_change, password_reset. */
    revokeReason: text('revoke_reason'),
    /** The browser's User-Agent at sign-in (cut to 512 characters): the profile's device list. */
    userAgent: text('user_agent'),
    /** The client IP at sign-in: an approximate place when a geo database is configured. */
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Every refresh token a session has issued, by SHA-256 (the tokens are 256 random bits, or an
 * HMAC of the token before under the server's key, so a plain hash is enough). A token works
 * once: it is marked rotated when exchanged, and a rotated token presented again revokes its
 * session (reuse detection), unless it comes within 10 s and its successor is unused: then it
 * gets that same successor (decision 113).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuidRef('session_id', () => sessions.id, 'cascade'),
    createdAt: createdAt(),
    rotatedAt: timestamptz('rotated_at'),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/**
 * Browsers a player has signed in from, by the SHA-256 of a random id kept in an httpOnly
 * cookie: a sign-in from a browser not listed here e-mails the player (decision 045).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userId('cascade'),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
