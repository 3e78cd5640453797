import type { SupportMessage } from '@casino/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import { supportMessages, supportThreads, users } from '../../db/schema';

export type SupportAuthor = 'player' | 'operator';

export interface SupportThreadSummary {
  userId: string;
  username: string;
  lastMessageAt: Date;
  unread: number;
  waiting: boolean;
}

export interface SupportRepository {
  /** The newest `limit` messages of a player's thread, oldest first (empty if none). */
  messages(userId: string, limit: number): Promise<SupportMessage[]>;
  /** Operator messages newer than the player's read mark. */
  unreadForPlayer(userId: string): Promise<number>;
  /**
   * Appends a message, creating the thread on a player's first one. An operator's answer
   * records how long the oldest unanswered player message waited. Returns undefined when an
   * operator writes to a player without a thread.
   */
  append(
    userId: string,
    author: SupportAuthor,
    body: string,
    now: Date,
    /** Run in the same transaction with the stored message (the back office's audit row). */
    step?: InTransaction<SupportMessage>,
  ): Promise<SupportMessage | undefined>;
  /** Moves a side's read mark forward (never back). */
  markRead(userId: string, side: SupportAuthor, upTo: bigint): Promise<void>;
  /** Mean response in seconds over answers since `since`; null without any. */
  averageResponseSeconds(since: Date): Promise<number | null>;
  threads(limit: number): Promise<SupportThreadSummary[]>;
  username(userId: string): Promise<string | undefined>;
}

const toMessage = (row: {
  id: bigint;
  author: string;
  body: string;
  createdAt: Date;
}): SupportMessage => ({
  id: row.id.toString(),
  author: row.author === 'operator' ? 'operator' : 'player',
  text: row.body,
  created_at: row.createdAt.toISOString(),
});

export function createSupportRepository(db: Database): SupportRepository {
  return {
    async messages(userId, limit) {
      const rows = await db
        .select({
          id: supportMessages.id,
          author: supportMessages.author,
          body: supportMessages.body,
          createdAt: supportMessages.createdAt,
        })
        .from(supportMessages)
        .where(eq(supportMessages.userId, userId))
        .orderBy(desc(supportMessages.id))
        .limit(limit);
      return rows.reverse().map(toMessage);
    },
    async unreadForPlayer(userId) {
      const rows = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(supportMessages)
        .innerJoin(supportThreads, eq(supportThreads.userId, supportMessages.userId))
        .where(
          and(
            eq(supportMessages.userId, userId),
            eq(supportMessages.author, 'operator'),
            gt(supportMessages.id, supportThreads.playerReadId),
          ),
        );
      return rows[0]?.count ?? 0;
    },
    async append(userId, author, body, now, step) {
      return db.transaction(async (tx) => {
        if (author === 'player') {
          await tx
            .insert(supportThreads)
            .values({ userId, createdAt: now, lastMessageAt: now })
            .onConflictDoUpdate({ target: supportThreads.userId, set: { lastMessageAt: now } });
        } else {
          // Locked, so two operators answering at once do not both claim the same wait.
          const thread = await tx
            .select({ userId: supportThreads.userId })
            .from(supportThreads)
            .where(eq(supportThreads.userId, userId))
            .for('update');
          if (thread.length === 0) return undefined;
          await tx
            .update(supportThreads)
            .set({ lastMessageAt: now })
            .where(eq(supportThreads.userId, userId));
        }
        let responseMs: number | null = null;
        if (author === 'operator') {
          // The oldest player message after the last operator message: the question waiting.
          const waiting = await tx.execute<{ first: Date | string | null }>(sql`
            select min(m.created_at) as first from ${supportMessages} m
            where m.user_id = ${userId} and m.author = 'player'
              and m.id > coalesce((select max(o.id) from ${supportMessages} o
                                   where o.user_id = ${userId} and o.author = 'operator'), 0)`);
          const first = waiting.rows[0]?.first;
          if (first !== null && first !== undefined) {
            responseMs = Math.max(0, now.getTime() - new Date(first).getTime());
            responseMs = Math.min(responseMs, 2_147_483_647);
          }
        }
        const rows = await tx
          .insert(supportMessages)
          .values({ userId, author, body, createdAt: now, responseMs })
          .returning({
            id: supportMessages.id,
            author: supportMessages.author,
            body: supportMessages.body,
            createdAt: supportMessages.createdAt,
          });
        const row = rows[0];
        if (!row) throw new Error('support message insert returned no row');
        const message = toMessage(row);
        await step?.(tx, message);
        return message;
      });
    },
    async markRead(userId, side, upTo) {
      const column =
        side === 'player' ? supportThreads.playerReadId : supportThreads.operatorReadId;
      const key = side === 'player' ? 'playerReadId' : 'operatorReadId';
      await db
        .update(supportThreads)
        .set({ [key]: sql`greatest(${column}, ${upTo.toString()}::bigint)` })
        .where(eq(supportThreads.userId, userId));
    },
    async averageResponseSeconds(since) {
      const rows = await db
        .select({ avg: sql<string | null>`avg(${supportMessages.responseMs})` })
        .from(supportMessages)
        .where(
          and(
            eq(supportMessages.author, 'operator'),
            sql`${supportMessages.responseMs} is not null`,
            gt(supportMessages.createdAt, since),
          ),
        );
      const avg = rows[0]?.avg;
      return avg === null || avg === undefined ? null : Math.round(Number(avg) / 1000);
    },
    async threads(limit) {
      const rows = await db.execute<{
        user_id: string;
        username: string;
        last_message_at: Date | string;
        unread: number;
        waiting: boolean;
      }>(sql`
        select t.user_id, u.username, t.last_message_at,
          (select count(*)::int from ${supportMessages} m
            where m.user_id = t.user_id and m.author = 'player' and m.id > t.operator_read_id) as unread,
          (select m.author = 'player' from ${supportMessages} m
            where m.user_id = t.user_id order by m.id desc limit 1) as waiting
        from ${supportThreads} t join ${users} u on u.id = t.user_id
        order by waiting desc, t.last_message_at desc
        limit ${limit}`);
      return rows.rows.map((row) => ({
        userId: row.user_id,
        username: row.username,
        lastMessageAt: new Date(row.last_message_at),
        unread: Number(row.unread),
        waiting: Boolean(row.waiting),
      }));
    },
    async username(userId) {
      const rows = await db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      return rows[0]?.username;
    },
  };
}
