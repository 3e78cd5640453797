import type { SupportMessage, SupportThreadStatus } from '@casino/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import { supportMessages, supportThreads, users } from '../../db/schema';

export type SupportAuthor = 'player' | 'operator';

const reopened = { closedAt: null, closedBy: null };

/** Whether the player spoke last (the thread waits for an answer). */
async function waitingOf(db: Database, userId: string): Promise<boolean> {
  const [last] = await db
    .select({ author: supportMessages.author })
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(desc(supportMessages.id))
    .limit(1);
  return last?.author === 'player';
}

export interface SupportThreadSummary {
  userId: string;
  username: string;
  lastMessageAt: Date;
  unread: number;
  waiting: boolean;
  status: SupportThreadStatus;
  closedAt: Date | null;
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
  /** Open first (the player waits), then waiting for the player, then closed; newest first. */
  threads(limit: number, status: SupportThreadStatus | 'all'): Promise<SupportThreadSummary[]>;
  /**
   * Closes (or reopens) a thread: its state after, undefined when the player has no thread.
   * `step` runs in the same transaction only when the state changed (an audit row).
   */
  setClosed(
    userId: string,
    closed: { at: Date; by: string } | null,
    step?: InTransaction<SupportThreadStatus>,
  ): Promise<SupportThreadStatus | undefined>;
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
            // A message reopens a closed thread.
            .onConflictDoUpdate({
              target: supportThreads.userId,
              set: { ...reopened, lastMessageAt: now },
            });
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
            .set({ ...reopened, lastMessageAt: now })
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
    async threads(limit, status) {
      const rows = await db.execute<{
        user_id: string;
        username: string;
        last_message_at: Date | string;
        closed_at: Date | string | null;
        unread: number;
        waiting: boolean;
        status: SupportThreadStatus;
      }>(sql`
        select * from (
          select t.user_id, u.username, t.last_message_at, t.closed_at, w.unread,
            coalesce(w.waiting, false) as waiting,
            case when t.closed_at is not null then 'closed'
                 when w.waiting then 'open' else 'waiting' end as status
          from ${supportThreads} t join ${users} u on u.id = t.user_id
          cross join lateral (select
            (select count(*)::int from ${supportMessages} m
              where m.user_id = t.user_id and m.author = 'player' and m.id > t.operator_read_id)
              as unread,
            (select m.author = 'player' from ${supportMessages} m
              where m.user_id = t.user_id order by m.id desc limit 1) as waiting) w
        ) threads
        where ${status}::text = 'all' or threads.status = ${status}::text
        order by case threads.status when 'open' then 0 when 'waiting' then 1 else 2 end,
          threads.last_message_at desc
        limit ${limit}`);
      return rows.rows.map((row) => ({
        userId: row.user_id,
        username: row.username,
        lastMessageAt: new Date(row.last_message_at),
        unread: Number(row.unread),
        waiting: Boolean(row.waiting),
        status: row.status,
        closedAt: row.closed_at === null ? null : new Date(row.closed_at),
      }));
    },
    async setClosed(userId, closed, step) {
      return db.transaction(async (tx) => {
        const [thread] = await tx
          .select({ closedAt: supportThreads.closedAt })
          .from(supportThreads)
          .where(eq(supportThreads.userId, userId))
          .for('update');
        if (!thread) return undefined;
        const status: SupportThreadStatus = closed
          ? 'closed'
          : (await waitingOf(tx, userId))
            ? 'open'
            : 'waiting';
        // Closing a closed thread (or reopening an open one) changes nothing.
        if ((thread.closedAt === null) === (closed === null)) return status;
        await tx
          .update(supportThreads)
          .set(closed ? { closedAt: closed.at, closedBy: closed.by } : reopened)
          .where(eq(supportThreads.userId, userId));
        await step?.(tx, status);
        return status;
      });
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
