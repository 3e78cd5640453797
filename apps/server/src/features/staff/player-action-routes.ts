import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { playerBlocks, playerNotes, playerTags } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createSessionRepository } from '../auth';
import { appendAudit } from './audit-log';
import { auditStep } from './audit-step';
import { adjust } from './operations-routes';
import { actorName, auditOf } from './staff-actor';
import { contextOf, staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * The actions on a player. Those on this feature's own tables (block, notes, tags, ending
 * sessions) write their audit row in the same transaction; the chat mute and the adjustment
 * go through their features' services, which write it in theirs (decision 081).
 */

const noPlayer = () => new AppError(404, 'NOT_FOUND', 'No such player.');

/** Locks the player's row (a sign-in waits: see SessionService.open) or 404. */
async function lockPlayer(tx: Database, userId: string): Promise<void> {
  const { rows } = await tx.execute<{ id: string }>(
    sql`select id from users where id = ${userId}::uuid for update`,
  );
  if (rows.length === 0) throw noPlayer();
}

export async function muteInChat(
  s: StaffServices,
  request: FastifyRequest,
  userId: string,
  minutes: number,
  reason: string,
) {
  const before = await s.chat.mutedUntil(userId);
  const until = await s.chat.mute(
    userId,
    minutes,
    reason,
    auditStep(s.clock, contextOf(request), (end: Date | null) => ({
      action: 'chat.mute',
      targetKind: 'player',
      targetId: userId,
      before: { muted_until: before?.toISOString() ?? null },
      after: { muted_until: end?.toISOString() ?? null, minutes },
      reason,
    })),
  );
  return { user_id: userId, muted_until: until?.toISOString() ?? null };
}

export function playerActionRoutes(app: FastifyInstance, s: StaffServices): void {
  const { db, clock } = s;

  staffRoute(app, 'players.block', async ({ params, body, request }) => {
    const context = contextOf(request);
    const now = clock.now();
    return db.transaction(async (tx) => {
      await lockPlayer(tx, params.userId);
      const existing = await tx
        .select()
        .from(playerBlocks)
        .where(eq(playerBlocks.userId, params.userId));
      if (existing.length === 0) {
        await tx.insert(playerBlocks).values({
          userId: params.userId,
          reason: body.reason,
          blockedBy: actorName(context.actor),
          blockedAt: now,
        });
      }
      // Every sign-in session ends: the access tokens stop at once, and the provider
      // callbacks refuse the bets of launches made from them (each with its own error).
      const ended = await createSessionRepository(tx).revokeOthers(
        params.userId,
        '00000000-0000-0000-0000-000000000000',
        'staff',
        now,
      );
      await appendAudit(
        tx,
        now,
        auditOf(context, {
          action: 'players.block',
          targetKind: 'player',
          targetId: params.userId,
          before: { status: existing.length ? 'blocked' : 'active' },
          after: { status: 'blocked', sessions_ended: ended },
          reason: body.reason,
        }),
      );
      return { id: params.userId, status: 'blocked' as const, sessions_ended: ended };
    });
  });

  staffRoute(app, 'players.unblock', async ({ params, body, request }) => {
    const context = contextOf(request);
    const now = clock.now();
    return db.transaction(async (tx) => {
      await lockPlayer(tx, params.userId);
      const removed = await tx
        .delete(playerBlocks)
        .where(eq(playerBlocks.userId, params.userId))
        .returning({ userId: playerBlocks.userId });
      await appendAudit(
        tx,
        now,
        auditOf(context, {
          action: 'players.unblock',
          targetKind: 'player',
          targetId: params.userId,
          before: { status: removed.length ? 'blocked' : 'active' },
          after: { status: 'active' },
          reason: body.reason,
        }),
      );
      return { id: params.userId, status: 'active' as const, sessions_ended: 0 };
    });
  });

  const endSessions = async (request: FastifyRequest, userId: string, sessionId?: string) => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const repo = createSessionRepository(tx);
      const ended =
        sessionId === undefined
          ? await repo.revokeOthers(userId, '00000000-0000-0000-0000-000000000000', 'staff', now)
          : (await repo.revokeOwn(userId, sessionId, 'staff', now))
            ? 1
            : 0;
      await appendAudit(
        tx,
        now,
        auditOf(contextOf(request), {
          action: sessionId === undefined ? 'players.sessions.endAll' : 'players.sessions.end',
          targetKind: 'player',
          targetId: userId,
          after: { ended, session_id: sessionId ?? null },
        }),
      );
      return { ended };
    });
  };
  staffRoute(app, 'players.sessions.end', ({ params, request }) =>
    endSessions(request, params.userId, params.sessionId),
  );
  staffRoute(app, 'players.sessions.endAll', ({ params, request }) =>
    endSessions(request, params.userId),
  );

  staffRoute(app, 'players.notes.add', async ({ params, body, request }, reply) => {
    const context = contextOf(request);
    const now = clock.now();
    const note = await db.transaction(async (tx) => {
      await lockPlayer(tx, params.userId);
      const [row] = await tx
        .insert(playerNotes)
        .values({
          userId: params.userId,
          text: body.text,
          authorId: context.actor.id,
          authorEmail: context.actor.email,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('note not stored');
      await appendAudit(
        tx,
        now,
        auditOf(context, {
          action: 'players.notes.add',
          targetKind: 'player',
          targetId: params.userId,
          after: { note_id: row.id.toString(), text: body.text },
        }),
      );
      return row;
    });
    return reply.code(201).send({
      id: note.id.toString(),
      text: note.text,
      author: note.authorEmail ?? note.authorId,
      created_at: note.createdAt.toISOString(),
    });
  });

  staffRoute(app, 'players.tags', async ({ params, body, request }) => {
    const now = clock.now();
    const tags = [...new Set(body.tags)].sort();
    return db.transaction(async (tx) => {
      await lockPlayer(tx, params.userId);
      const before = await tx
        .select({ tag: playerTags.tag })
        .from(playerTags)
        .where(eq(playerTags.userId, params.userId));
      await tx.delete(playerTags).where(eq(playerTags.userId, params.userId));
      if (tags.length > 0) {
        await tx
          .insert(playerTags)
          .values(tags.map((tag) => ({ userId: params.userId, tag, createdAt: now })));
      }
      await appendAudit(
        tx,
        now,
        auditOf(contextOf(request), {
          action: 'players.tags',
          targetKind: 'player',
          targetId: params.userId,
          before: { tags: before.map((t) => t.tag).sort() },
          after: { tags },
        }),
      );
      return { tags };
    });
  });

  staffRoute(app, 'players.adjust', async ({ params, body, request }, reply) => {
    if (!(await s.players.player(params.userId))) throw noPlayer();
    return adjust(s.fourEyes, request, reply, { ...body, userId: params.userId });
  });

  staffRoute(app, 'players.mute', async ({ params, body, request }) => {
    if (!(await s.players.player(params.userId))) throw noPlayer();
    return muteInChat(s, request, params.userId, body.minutes, body.reason);
  });
}
