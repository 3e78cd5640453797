import { permissions, staffPolicy } from '@casino/contracts/operator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendAudit } from './audit-log';
import { auditOf, type StaffActor } from './staff-actor';
import { staffSessionMaxMs } from './staff-auth-service';
import { createStaffRepository, type StaffSessionRow } from './staff-repository';
import { contextOf, staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/** A staff member's own account: set-up, login, who am I, sessions, logout. */

export function sessionView(row: StaffSessionRow, currentId: string | null) {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.id === currentId,
  };
}

function where(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

export function meView(actor: StaffActor, fourEyesAmount: string) {
  return {
    id: actor.id,
    kind: actor.kind,
    email: actor.email,
    roles: actor.roles,
    permissions: permissions.filter((p) => actor.permissions.has(p)),
    session_expires_at: actor.sessionExpiresAt?.toISOString() ?? null,
    four_eyes_amount: fourEyesAmount,
  };
}

export function authRoutes(app: FastifyInstance, s: StaffServices): void {
  const cookie = {
    path: staffPolicy.cookiePath,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: s.secureCookie,
  };
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(staffPolicy.cookieName, cookie);

  staffRoute(app, 'auth.setup.begin', ({ body }) => s.auth.setupBegin(body.token));

  staffRoute(app, 'auth.setup.complete', async ({ body, request }, reply) => {
    await s.auth.setupComplete(body, where(request));
    return reply.code(204).send();
  });

  staffRoute(app, 'auth.login', async ({ body, request }, reply) => {
    const { token, actor } = await s.auth.login(body, where(request));
    reply.setCookie(staffPolicy.cookieName, token, {
      ...cookie,
      maxAge: Math.floor(staffSessionMaxMs / 1000),
    });
    return meView(actor, s.fourEyesAmount);
  });

  staffRoute(app, 'auth.me', ({ request }) =>
    Promise.resolve(meView(contextOf(request).actor, s.fourEyesAmount)),
  );

  const end = async (request: FastifyRequest, sessionId: string, action: string) => {
    const context = contextOf(request);
    const now = s.clock.now();
    return s.db.transaction(async (tx) => {
      const ended = await createStaffRepository(tx).endSessions(
        context.actor.id,
        action,
        now,
        sessionId,
      );
      if (ended > 0) {
        await appendAudit(
          tx,
          now,
          auditOf(context, { action, targetKind: 'staff-session', targetId: sessionId }),
        );
      }
      return ended;
    });
  };

  staffRoute(app, 'auth.logout', async ({ request }, reply) => {
    const sessionId = contextOf(request).actor.sessionId;
    if (sessionId) await end(request, sessionId, 'auth.logout');
    clearCookie(reply);
    return reply.code(204).send();
  });

  staffRoute(app, 'auth.sessions', async ({ request }) => {
    const actor = contextOf(request).actor;
    const rows = await s.auth.liveSessions(actor.id);
    return { data: rows.map((r) => sessionView(r, actor.sessionId)) };
  });

  staffRoute(app, 'auth.sessions.end', async ({ params, request }, reply) => {
    await end(request, params.sessionId, 'auth.sessions.end');
    if (params.sessionId === contextOf(request).actor.sessionId) clearCookie(reply);
    return reply.code(204).send();
  });
}
