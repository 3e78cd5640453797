import type { StaffRouteId } from '@casino/contracts/operator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { playerBlocks, playerNotes, playerTags } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createSessionRepository } from '../auth';
import { appendAudit } from './audit-log';
import { auditStep, type AuditFields } from './audit-step';
import { adjust } from './operations-routes';
import { actorName, auditOf, type StaffContext } from './staff-actor';
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

  /**
   * A change of this feature's own player tables, under the route's action: one transaction
   * with the player's row locked (404 if none), the change, then its audit row (the player
   * as target) in the same transaction.
   */
  const playerChange = <R>(
    request: FastifyRequest,
    action: StaffRouteId,
    userId: string,
    change: (
      tx: Database,
      now: Date,
      context: StaffContext,
    ) => Promise<{ answer: R; audit: Pick<AuditFields, 'before' | 'after' | 'reason'> }>,
  ): Promise<R> => {
    const context = contextOf(request);
    const now = clock.now();
    return db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      const { answer, audit } = await change(tx, now, context);
      await appendAudit(
        tx,
        now,
        auditOf(context, { action, targetKind: 'player', targetId: userId, ...audit }),
      );
      return answer;
    });
  };

  staffRoute(app, 'players.block', ({ params, body, request }) =>
    playerChange(request, 'players.block', params.userId, async (tx, now, context) => {
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
      return {
        answer: { id: params.userId, status: 'blocked' as const, sessions_ended: ended },
        audit: {
          before: { status: existing.length ? 'blocked' : 'active' },
          after: { status: 'blocked', sessions_ended: ended },
          reason: body.reason,
        },
      };
    }),
  );

  staffRoute(app, 'players.unblock', ({ params, body, request }) =>
    playerChange(request, 'players.unblock', params.userId, async (tx) => {
      const removed = await tx
        .delete(playerBlocks)
        .where(eq(playerBlocks.userId, params.userId))
        .returning({ userId: playerBlocks.userId });
      return {
        answer: { id: params.userId, status: 'active' as const, sessions_ended: 0 },
        audit: {
          before: { status: removed.length ? 'blocked' : 'active' },
          after: { status: 'active' },
          reason: body.reason,
        },
      };
    }),
  );

  const endSessions = (request: FastifyRequest, userId: string, sessionId?: string) =>
    playerChange(
      request,
      sessionId === undefined ? 'players.sessions.endAll' : 'players.sessions.end',
      userId,
      async (tx, now) => {
        const repo = createSessionRepository(tx);
        const ended =
          sessionId === undefined
            ? await repo.revokeOthers(userId, '00000000-0000-0000-0000-000000000000', 'staff', now)
            : (await repo.revokeOwn(userId, sessionId, 'staff', now))
              ? 1
              : 0;
        return { answer: { ended }, audit: { after: { ended, session_id: sessionId ?? null } } };
      },
    );
  staffRoute(app, 'players.sessions.end', ({ params, request }) =>
    endSessions(request, params.userId, params.sessionId),
  );
  staffRoute(app, 'players.sessions.endAll', ({ params, request }) =>
    endSessions(request, params.userId),
  );

  staffRoute(app, 'players.notes.add', async ({ params, body, request }, reply) => {
    const note = await playerChange(
      request,
      'players.notes.add',
      params.userId,
      async (tx, now, context) => {
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
        return {
          answer: row,
          audit: { after: { note_id: row.id.toString(), text: body.text } },
        };
      },
    );
    return reply.code(201).send({
      id: note.id.toString(),
      text: note.text,
      author: note.authorEmail ?? note.authorId,
      created_at: note.createdAt.toISOString(),
    });
  });

  staffRoute(app, 'players.tags', ({ params, body, request }) => {
    const tags = [...new Set(body.tags)].sort();
    return playerChange(request, 'players.tags', params.userId, async (tx, now) => {
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
      return {
        answer: { tags },
        audit: { before: { tags: before.map((t) => t.tag).sort() }, after: { tags } },
      };
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
