import { playerLedgerCsvColumns } from '@casino/contracts/operator';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { playerNotes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { describeUserAgent } from '../auth';
import { paymentView } from '../payments';
import { formatMoney } from '../wallet';
import { gameNamesFor } from '../wallet';
import { appendAuditAfter, searchAudit } from './audit-log';
import type { PlayerRowData } from './players-repository';
import { auditOf } from './staff-actor';
import { contextOf, staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/** A player's page and the search: reads (the CSV export is audited). */

const noPlayer = () => new AppError(404, 'NOT_FOUND', 'No such player.');

/** Up to this many rows in one CSV export. */
const csvMaxRows = 10_000;

/** A CSV field: quoted when needed; a leading = + - @ is defused (spreadsheet formulas). */
function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function playerReadRoutes(app: FastifyInstance, s: StaffServices): void {
  const row = (p: PlayerRowData) => ({
    id: p.id,
    username: p.username,
    email: p.email,
    status: p.status,
    cash: formatMoney(p.cash),
    bonus: formatMoney(p.bonus),
    currency: p.currency,
    country: s.geo.place(p.lastIp) ?? null,
    registered_at: p.registeredAt.toISOString(),
    last_seen_at: p.lastSeenAt?.toISOString() ?? null,
    matched: p.matched,
  });
  const found = async (userId: string) => {
    const player = await s.players.player(userId);
    if (!player) throw noPlayer();
    return player;
  };

  staffRoute(app, 'players.search', async ({ query }) => {
    const { rows, total } = await s.players.search({
      q: query.q,
      status: query.status,
      limit: query.limit,
      offset: query.offset,
    });
    return { data: rows.map(row), total };
  });

  staffRoute(app, 'players.detail', async ({ params }) => {
    const player = await found(params.userId);
    const [extras, totals] = await Promise.all([
      s.players.profileExtras(player.id),
      s.players.totals(player.id),
    ]);
    const iso = (v: Date | string | null | undefined) =>
      v === null || v === undefined ? null : new Date(v).toISOString();
    const { matched: _matched, ...base } = row(player);
    return {
      ...base,
      date_of_birth: extras?.date_of_birth ?? null,
      block: extras?.block_reason
        ? {
            reason: extras.block_reason,
            blocked_at: iso(extras.blocked_at) ?? '',
            blocked_by: extras.blocked_by ?? '',
          }
        : null,
      closed_at: iso(extras?.closed_at),
      two_factor: extras?.two_factor === true,
      identity_status: (extras?.identity_status ?? 'not_started') as 'not_started',
      chat_muted_until: iso(extras?.muted_until),
      tags: extras?.tags ?? [],
      totals: {
        deposits: formatMoney(totals.deposits),
        withdrawals: formatMoney(totals.withdrawals),
        stakes: formatMoney(totals.stakes),
        wins: formatMoney(totals.wins),
      },
    };
  });

  staffRoute(app, 'players.ledger', async ({ params, query }) => {
    await found(params.userId);
    const rows = await s.players.ledger(params.userId, query);
    const page = rows.slice(0, query.limit);
    const names = await gameNamesFor(
      s.db,
      page.flatMap((r) => (r.game_id ? [{ provider: r.provider, gameId: r.game_id }] : [])),
    );
    return {
      data: page.map((r) => ({
        id: r.id,
        kind: r.kind as 'bet',
        amount: formatMoney(r.amount),
        balance_after: formatMoney(r.balance_after),
        bonus_amount: r.bonus_amount === null ? null : formatMoney(r.bonus_amount),
        currency: r.currency,
        provider: r.provider === 'operator' ? null : r.provider,
        game_id: r.game_id,
        game_name: r.game_id ? names({ provider: r.provider, gameId: r.game_id }) : null,
        round_id: r.round_id,
        created_at: r.created_at.toISOString(),
        payment: null,
        bonus: null,
      })),
      next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    };
  });

  staffRoute(app, 'players.ledger.csv', async ({ params, query, request }, reply) => {
    const player = await found(params.userId);
    const rows = await s.players.ledger(player.id, { ...query, limit: csvMaxRows });
    // A player's export is a sensitive read: audited with its filters before it is sent.
    await appendAuditAfter(
      s.db,
      s.clock.now(),
      auditOf(contextOf(request), {
        action: 'players.ledger.csv',
        targetKind: 'player',
        targetId: player.id,
        after: { filters: { ...query, limit: undefined }, rows: Math.min(rows.length, csvMaxRows) },
      }),
    );
    const lines = [playerLedgerCsvColumns.join(',')];
    for (const r of rows.slice(0, csvMaxRows)) {
      lines.push(
        [
          r.id,
          r.created_at.toISOString(),
          r.kind,
          formatMoney(r.amount),
          formatMoney(r.balance_after),
          r.currency,
          r.provider,
          r.game_id,
          r.round_id,
        ]
          .map(csvField)
          .join(','),
      );
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ledger-${player.id}.csv"`)
      .send(`${lines.join('\r\n')}\r\n`);
  });

  staffRoute(app, 'players.payments', async ({ params }) => {
    await found(params.userId);
    const rows = await s.cashier.listOwn(params.userId, 100);
    return { data: rows.map((r) => paymentView(r)) };
  });

  staffRoute(app, 'players.bonuses', async ({ params }) => {
    await found(params.userId);
    const overview = await s.bonus.overview(params.userId);
    return {
      data: [
        ...(overview.active ? [overview.active] : []),
        ...overview.queued,
        ...overview.history,
      ],
    };
  });

  staffRoute(app, 'players.sessions', async ({ params }) => {
    await found(params.userId);
    const rows = await s.players.playerSessions(params.userId);
    return {
      data: rows.map((r) => {
        const d = describeUserAgent(r.user_agent);
        return {
          id: r.id,
          device: d.device,
          description: [d.browser, d.os].filter(Boolean).join(', ') || null,
          ip: r.ip,
          country: s.geo.place(r.ip) ?? null,
          created_at: r.created_at.toISOString(),
          last_used_at: r.last_used_at.toISOString(),
          live: r.live,
        };
      }),
    };
  });

  staffRoute(app, 'players.chat', async ({ params }) => {
    await found(params.userId);
    const rows = await s.players.chatMessages(params.userId, 100);
    const muted = await s.chat.mutedUntil(params.userId);
    return {
      data: rows.map((m) => ({
        id: m.id,
        text: m.body,
        created_at: m.created_at.toISOString(),
        hidden: m.hidden,
      })),
      muted_until: muted?.toISOString() ?? null,
    };
  });

  staffRoute(app, 'players.notes', async ({ params }) => {
    await found(params.userId);
    const rows = await s.db
      .select()
      .from(playerNotes)
      .where(eq(playerNotes.userId, params.userId))
      .orderBy(desc(playerNotes.id))
      .limit(200);
    return {
      data: rows.map((n) => ({
        id: n.id.toString(),
        text: n.text,
        author: n.authorEmail ?? n.authorId,
        created_at: n.createdAt.toISOString(),
      })),
    };
  });

  staffRoute(app, 'players.audit', async ({ params, query }) => {
    await found(params.userId);
    return searchAudit(s.db, { ...query, targetId: params.userId });
  });
}
