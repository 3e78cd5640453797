import { bidiControls, type ChatMessage } from '@casino/contracts';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { withStep, type InTransaction } from '../../db/in-transaction';
import { chatMessages, chatMutes, users } from '../../db/schema';
import { avatarUrlPrefix } from '../users';

export interface ChatAuthorRow {
  id: string;
  username: string;
  avatar: string | null;
}

/** What a reader is sent on open or on resume. */
export interface ChatHistory {
  /** Oldest first. */
  messages: ChatMessage[];
  /** True when more than `limit` messages followed `after`: the client starts afresh. */
  reset: boolean;
}

export interface ChatRepository {
  author(userId: string): Promise<ChatAuthorRow | undefined>;
  /** The newest `limit` visible messages, or those after `after` (at most `limit`). */
  history(limit: number, after?: bigint): Promise<ChatHistory>;
  /** Ids hidden among the newest `window` messages, for a client resuming with old ones. */
  recentlyHidden(window: number): Promise<string[]>;
  insert(userId: string, body: string, now: Date): Promise<{ id: bigint; createdAt: Date }>;
  /**
   * False if there is no such message. Hiding twice keeps the first record. `step` runs in
   * the same transaction (the back office's audit row), as for mute and unmute.
   */
  hide(id: bigint, by: string, now: Date, step?: InTransaction<bigint>): Promise<boolean>;
  mutedUntil(userId: string, now: Date): Promise<Date | undefined>;
  /** Replaces the player's mute; `until` in the past lifts it. */
  mute(
    userId: string,
    until: Date,
    reason: string,
    now: Date,
    step?: InTransaction<Date>,
  ): Promise<void>;
  unmute(userId: string, step?: InTransaction<null>): Promise<void>;
}

export const toAvatarUrl = (file: string | null) =>
  file === null ? null : `${avatarUrlPrefix}${file}`;

const messageColumns = {
  id: chatMessages.id,
  body: chatMessages.body,
  createdAt: chatMessages.createdAt,
  userId: users.id,
  username: users.username,
  avatar: users.avatar,
};

type MessageRow = {
  id: bigint;
  body: string;
  createdAt: Date;
  userId: string;
  username: string;
  avatar: string | null;
};

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id.toString(),
    author: { id: row.userId, username: row.username, avatar: toAvatarUrl(row.avatar) },
    // Messages stored before the bidirectional controls were dropped on the way in (issue 25)
    // lose them on the way out.
    text: row.body.replace(bidiControls, ''),
    created_at: row.createdAt.toISOString(),
  };
}

export function createChatRepository(db: Database): ChatRepository {
  return {
    async author(userId) {
      const rows = await db
        .select({ id: users.id, username: users.username, avatar: users.avatar })
        .from(users)
        .where(eq(users.id, userId));
      return rows[0];
    },
    async history(limit, after) {
      const visible = isNull(chatMessages.hiddenAt);
      // One more than asked tells whether the client missed more than we send.
      const rows = await db
        .select(messageColumns)
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.userId))
        .where(after === undefined ? visible : and(visible, gt(chatMessages.id, after)))
        .orderBy(desc(chatMessages.id))
        .limit(limit + 1);
      const reset = after !== undefined && rows.length > limit;
      return { messages: rows.slice(0, limit).reverse().map(toChatMessage), reset };
    },
    async recentlyHidden(window) {
      const rows = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            isNotNull(chatMessages.hiddenAt),
            gt(
              chatMessages.id,
              sql`(select coalesce(max(${chatMessages.id}), 0) - ${window} from ${chatMessages})`,
            ),
          ),
        );
      return rows.map((row) => row.id.toString());
    },
    async insert(userId, body, now) {
      const rows = await db
        .insert(chatMessages)
        .values({ userId, body, createdAt: now })
        .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
      const row = rows[0];
      if (!row) throw new Error('chat message insert returned no row');
      return row;
    },
    async hide(id, by, now, step) {
      return withStep(db, step, async (tx) => {
        const rows = await tx
          .update(chatMessages)
          .set({
            hiddenAt: sql`coalesce(${chatMessages.hiddenAt}, ${now.toISOString()}::timestamptz)`,
            hiddenBy: sql`coalesce(${chatMessages.hiddenBy}, ${by})`,
          })
          .where(eq(chatMessages.id, id))
          .returning({ id: chatMessages.id });
        return rows.length > 0 ? { changed: id, result: true } : { result: false };
      });
    },
    async mutedUntil(userId, now) {
      const rows = await db
        .select({ until: chatMutes.mutedUntil })
        .from(chatMutes)
        .where(and(eq(chatMutes.userId, userId), gt(chatMutes.mutedUntil, now)));
      return rows[0]?.until;
    },
    async mute(userId, until, reason, now, step) {
      await withStep(db, step, async (tx) => {
        await tx
          .insert(chatMutes)
          .values({ userId, mutedUntil: until, reason, createdAt: now })
          .onConflictDoUpdate({
            target: chatMutes.userId,
            set: { mutedUntil: until, reason, createdAt: now },
          });
        return { changed: until, result: undefined };
      });
    },
    async unmute(userId, step) {
      await withStep(db, step, async (tx) => {
        await tx.delete(chatMutes).where(eq(chatMutes.userId, userId));
        return { changed: null, result: undefined };
      });
    },
  };
}
