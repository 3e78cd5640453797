import { staffErrorCodes, type StaffRole } from '@casino/contracts/operator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { formatMoney } from '../wallet';
import { appendAudit, searchAudit } from './audit-log';
import { auditOf } from './staff-actor';
import { isStaffRole } from './staff-auth-service';
import { createStaffRepository, type StaffAccountRow } from './staff-repository';
import { contextOf, staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';
import { sessionView } from './auth-routes';

/** The dashboard, the four-eyes queue, the audit log and staff administration. */

const minute = 60_000;

export function accountView(a: StaffAccountRow & { liveSessions?: number; invited?: boolean }) {
  return {
    id: a.id,
    email: a.email,
    roles: a.roles.filter(isStaffRole),
    status: a.disabledAt
      ? ('disabled' as const)
      : a.passwordHash
        ? ('active' as const)
        : ('invited' as const),
    created_at: a.createdAt.toISOString(),
    last_login_at: a.lastLoginAt?.toISOString() ?? null,
    live_sessions: a.liveSessions ?? 0,
  };
}

export function adminRoutes(app: FastifyInstance, s: StaffServices): void {
  const { db, clock } = s;

  staffRoute(app, 'dashboard', async () => {
    const now = clock.now();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const { rows } = await db.execute<Record<string, string | number>>(sql`
      select
        (select count(distinct user_id) from sessions where revoked_at is null
          and expires_at > ${now} and last_used_at > ${new Date(now.getTime() - 15 * minute)}) as online,
        (select count(distinct user_id) from ledger_entries where kind = 'bet'
          and created_at > ${new Date(now.getTime() - 10 * minute)}) as in_game,
        (select coalesce(sum(amount), 0)::text from ledger_entries
          where kind = 'deposit' and created_at >= ${midnight}) as deposits,
        (select count(*) from ledger_entries where kind = 'deposit' and created_at >= ${midnight}) as deposit_count,
        (select count(*) from payments where direction = 'withdrawal' and status = 'pending') as withdrawals,
        (select count(*) from staff_approvals where status = 'waiting') as approvals,
        (select count(*) from identity_checks where status = 'pending') as identity,
        (select (coalesce(-sum(case when kind = 'bet' then amount + bonus_amount end), 0)
           - coalesce(sum(case when kind = 'refund' then amount + bonus_amount end), 0))::text
          from ledger_entries where created_at >= ${midnight}) as stakes,
        (select coalesce(sum(amount + bonus_amount), 0)::text from ledger_entries
          where kind = 'win' and created_at >= ${midnight}) as wins`);
    const r = rows[0] ?? {};
    const n = (key: string) => Number(r[key] ?? 0);
    const stakes = BigInt(String(r.stakes ?? '0'));
    const wins = BigInt(String(r.wins ?? '0'));
    const threads = await s.support.threads();
    return {
      players_online: n('online'),
      players_in_game: n('in_game'),
      deposits_today: formatMoney(BigInt(String(r.deposits ?? '0'))),
      deposits_today_count: n('deposit_count'),
      withdrawals_waiting: n('withdrawals'),
      approvals_waiting: n('approvals'),
      identity_checks_waiting: n('identity'),
      support_threads_open: threads.filter((t) => t.status === 'open').length,
      stakes_today: formatMoney(stakes),
      wins_today: formatMoney(wins),
      ggr_today: formatMoney(stakes - wins),
      currency: 'USD',
      as_of: now.toISOString(),
    };
  });

  staffRoute(app, 'approvals.list', async ({ query }) => ({
    data: await s.fourEyes.list(query.status, query.limit),
  }));
  staffRoute(app, 'approvals.approve', ({ params, request }) =>
    s.fourEyes.approve(contextOf(request), params.approvalId),
  );
  staffRoute(app, 'approvals.reject', ({ params, body, request }) =>
    s.fourEyes.reject(contextOf(request), params.approvalId, body.reason),
  );

  staffRoute(app, 'audit.search', ({ query }) => searchAudit(db, query));

  // Staff administration.
  staffRoute(app, 'staff.list', async () => ({
    data: (await createStaffRepository(db).accounts()).map(accountView),
  }));
  staffRoute(app, 'staff.create', async ({ body, request }, reply) => {
    const created = await s.auth.createAccount(
      { email: body.email, roles: body.roles },
      contextOf(request),
    );
    return reply.code(201).send({
      staff: accountView(created.account),
      setup_link: created.setupLink,
      expires_at: created.expiresAt.toISOString(),
    });
  });

  /** Runs a change of one account with its audit row, in one transaction. */
  const change = async <T>(
    request: Parameters<typeof contextOf>[0],
    staffId: string,
    action: string,
    work: (
      repo: ReturnType<typeof createStaffRepository>,
      account: StaffAccountRow,
      now: Date,
      tx: Database,
    ) => Promise<{ before: unknown; after: unknown; reason?: string; result: T }>,
  ): Promise<T> => {
    const context = contextOf(request);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const repo = createStaffRepository(tx);
      const account = await repo.accountForUpdate(staffId);
      if (!account) throw new AppError(404, 'NOT_FOUND', 'No such staff account.');
      const done = await work(repo, account, now, tx);
      await appendAudit(
        tx,
        now,
        auditOf(context, {
          action,
          targetKind: 'staff',
          targetId: staffId,
          before: done.before,
          after: done.after,
          reason: done.reason ?? null,
        }),
      );
      return done.result;
    });
  };
  const selfLockout = (message: string) =>
    new AppError(409, staffErrorCodes.STAFF_SELF_LOCKOUT, message);

  staffRoute(app, 'staff.setupLink', ({ params, request }) =>
    change(request, params.staffId, 'staff.setupLink', async (repo, account, now, tx) => {
      const issued = await s.auth.issueSetupLink(tx, account.id, now);
      const ended = await repo.endSessions(account.id, 'setup-link', now);
      return {
        before: null,
        after: { expires_at: issued.expiresAt.toISOString(), sessions_ended: ended },
        result: {
          staff: accountView(account),
          setup_link: issued.setupLink,
          expires_at: issued.expiresAt.toISOString(),
        },
      };
    }),
  );
  staffRoute(app, 'staff.roles', ({ params, body, request }) =>
    change(request, params.staffId, 'staff.roles', async (repo, account, now) => {
      const roles: StaffRole[] = body.roles;
      if (account.id === request.staff?.id && !roles.includes('admin')) {
        throw selfLockout('You cannot remove your own admin role.');
      }
      await repo.updateAccount(account.id, { roles, updatedAt: now });
      return {
        before: { roles: account.roles },
        after: { roles },
        result: accountView({ ...account, roles }),
      };
    }),
  );
  staffRoute(app, 'staff.disable', ({ params, body, request }) =>
    change(request, params.staffId, 'staff.disable', async (repo, account, now) => {
      if (account.id === request.staff?.id)
        throw selfLockout('You cannot disable your own account.');
      await repo.updateAccount(account.id, {
        disabledAt: account.disabledAt ?? now,
        updatedAt: now,
      });
      const ended = await repo.endSessions(account.id, 'disabled', now);
      return {
        before: { status: accountView(account).status },
        after: { status: 'disabled', sessions_ended: ended },
        reason: body.reason,
        result: accountView({ ...account, disabledAt: account.disabledAt ?? now }),
      };
    }),
  );
  staffRoute(app, 'staff.enable', ({ params, body, request }) =>
    change(request, params.staffId, 'staff.enable', async (repo, account, now) => {
      await repo.updateAccount(account.id, { disabledAt: null, updatedAt: now });
      return {
        before: { status: accountView(account).status },
        after: { status: accountView({ ...account, disabledAt: null }).status },
        reason: body.reason,
        result: accountView({ ...account, disabledAt: null }),
      };
    }),
  );
  staffRoute(app, 'staff.sessions', async ({ params, request }) => {
    const rows = await s.auth.liveSessions(params.staffId);
    return { data: rows.map((r) => sessionView(r, request.staff?.sessionId ?? null)) };
  });
  staffRoute(app, 'staff.sessions.endAll', ({ params, request }) =>
    change(request, params.staffId, 'staff.sessions.endAll', async (repo, account, now) => {
      const ended = await repo.endSessions(account.id, 'admin', now);
      return { before: null, after: { ended }, result: { ended } };
    }),
  );
}
