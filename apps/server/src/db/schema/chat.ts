import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, int8Zero, timestamptz, uuidRef } from './columns';
import { userId, userKey } from './accounts';

/**
 * The public chat room. Ids grow with every message: a client that reconnects asks for the
 * messages after the last id it has (docs/decisions/043-live-chat.md). A hidden message
 * stays for the record but is never sent again.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: identityId(),
    userId: userId('cascade'),
    /** Normalised plain text, 1 to 500 characters (contracts: chatTextSchema). */
    body: text('body').notNull(),
    createdAt: createdAt(),
    hiddenAt: timestamptz('hidden_at'),
    /** Who hid it (operator-api) and why, for the record. */
    hiddenBy: text('hidden_by'),
  },
  (t) => [
    index('chat_messages_user_idx').on(t.userId),
    check('chat_messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** A player who may read but not post until `mutedUntil`. One row per player, replaced. */
export const chatMutes = pgTable('chat_mutes', {
  userId: userKey('cascade'),
  mutedUntil: timestamptz('muted_until').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/** A player's private conversation with support: one per player, created on first message. */
export const supportThreads = pgTable('support_threads', {
  userId: userKey('cascade'),
  createdAt: createdAt(),
  lastMessageAt: timestamptz('last_message_at').notNull(),
  /** The newest message id each side has seen: anything newer from the other side is unread. */
  playerReadId: int8Zero('player_read_id'),
  operatorReadId: int8Zero('operator_read_id'),
  /** Closed by staff (decision 081): null while open; the player's next message reopens it. */
  closedAt: timestamptz('closed_at'),
  /** Who closed it (a staff e-mail, or operator-api). */
  closedBy: text('closed_by'),
});

export const supportMessages = pgTable(
  'support_messages',
  {
    id: identityId(),
    userId: uuidRef('user_id', () => supportThreads.userId, 'cascade'),
    /** player or operator. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /**
     * On an operator's answer: milliseconds since the oldest player message it answers, the
     * figure behind "average response time". Null on player messages and follow-ups.
     */
    responseMs: integer('response_ms'),
  },
  (t) => [
    index('support_messages_user_idx').on(t.userId, t.id),
    check('support_messages_author', sql`${t.author} in ('player', 'operator')`),
    check('support_messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
