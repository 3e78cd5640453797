import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, timestamptz } from './columns';
import { userId } from './accounts';

/**
 * Avatar pictures, where every instance reads them (issue 17, decision 054). The name is the
 * one in the served URL (/api/avatars/{name}): 128 random bits, new for every upload, so it
 * is also the version and the ETag, and a URL never changes its content. users.avatar points
 * at the current one; a replaced picture's row is deleted once the account points elsewhere.
 */
export const avatars = pgTable(
  'avatars',
  {
    name: text('name').primaryKey(),
    userId: userId('cascade'),
    contentType: text('content_type').notNull(),
    /** The encoded picture (WebP, at most a few tens of kilobytes after re-encoding). */
    bytes: bytea('bytes').notNull(),
    byteLength: integer('byte_length').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatars_user_id_idx').on(t.userId)],
);

/**
 * The simulated studios' launch records (game sessions and Pragmatic launch tickets), so a
 * launch opened through one instance is playable through any other (decision 054). The
 * value is what the studio needs to rebuild the session; an expired row is as good as gone
 * and housekeeping deletes it.
 */
export const studioSessions = pgTable(
  'studio_sessions',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('studio_sessions_expires_at_idx').on(t.expiresAt)],
);
