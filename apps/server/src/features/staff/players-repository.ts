import { sql, type SQL } from 'drizzle-orm';
import type { PlayerLedgerQuery, PlayerStatus } from '@casino/contracts/operator';
import type { Database } from '../../db/database';
import { isUuid } from '../../lib/uuid';

/**
 * The back office's reads of players (raw SQL over the features' tables: read only, except
 * blocks, notes and tags, which are this feature's own tables).
 */

export interface PlayerRowData {
  id: string;
  username: string;
  email: string;
  status: PlayerStatus;
  cash: bigint;
  bonus: bigint;
  currency: string;
  lastIp: string | null;
  registeredAt: Date;
  lastSeenAt: Date | null;
  matched: 'username' | 'email' | 'id' | 'ip' | 'card' | null;
}

interface RawPlayer extends Record<string, unknown> {
  id: string;
  username: string;
  email: string;
  status: PlayerStatus;
  cash: string | null;
  bonus: string | null;
  currency: string | null;
  last_ip: string | null;
  created_at: Date | string;
  last_seen_at: Date | string | null;
  matched: PlayerRowData['matched'];
  total?: number | string;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function playerOf(r: RawPlayer): PlayerRowData {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    status: r.status,
    cash: BigInt(r.cash ?? 0),
    bonus: BigInt(r.bonus ?? 0),
    currency: r.currency ?? 'USD',
    lastIp: r.last_ip,
    registeredAt: asDate(r.created_at),
    lastSeenAt: r.last_seen_at === null ? null : asDate(r.last_seen_at),
    matched: r.matched,
  };
}

/** The columns of a player row; `matched` is the search's own. */
const playerColumns = (matched: SQL) => sql`
  u.id, u.username, u.email,
  case when c.user_id is not null then 'closed'
       when b.user_id is not null then 'blocked' else 'active' end as status,
  w.balance::text as cash, w.bonus_balance::text as bonus, w.currency,
  ls.ip as last_ip, u.created_at, ls.last_used_at as last_seen_at, ${matched} as matched`;

const playerJoins = sql`
  from users u
  left join wallets w on w.user_id = u.id
  left join player_blocks b on b.user_id = u.id
  left join account_closures c on c.user_id = u.id
  left join lateral (select s.ip, s.last_used_at from sessions s where s.user_id = u.id
                     order by s.last_used_at desc limit 1) ls on true`;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

export function createPlayersRepository(db: Database) {
  return {
    /**
     * A search by username or e-mail (prefix, case-insensitive), exact id, exact IP of any
     * session, or four digits: the last four of a card used in a payment.
     */
    async search(input: {
      q: string | undefined;
      status: PlayerStatus | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: PlayerRowData[]; total: number }> {
      const q = input.q?.trim() ?? '';
      let match: SQL = sql`true`;
      let matched: SQL = sql`null`;
      if (q !== '') {
        const prefix = `${escapeLike(q.toLowerCase())}%`;
        const parts: SQL[] = [
          sql`when lower(u.username) like ${prefix} then 'username'`,
          sql`when u.email like ${prefix} then 'email'`,
        ];
        const where: SQL[] = [sql`lower(u.username) like ${prefix}`, sql`u.email like ${prefix}`];
        if (isUuid(q)) {
          parts.unshift(sql`when u.id = ${q.toLowerCase()}::uuid then 'id'`);
          where.push(sql`u.id = ${q.toLowerCase()}::uuid`);
        }
        if (/^[0-9a-f.:]{3,45}$/i.test(q) && /[.:]/.test(q)) {
          const ip = sql`exists (select 1 from sessions s where s.user_id = u.id and s.ip = ${q})`;
          parts.push(sql`when ${ip} then 'ip'`);
          where.push(ip);
        }
        if (/^\d{4}$/.test(q)) {
          const card = sql`exists (select 1 from payments p where p.user_id = u.id and p.card_last4 = ${q})`;
          parts.push(sql`when ${card} then 'card'`);
          where.push(card);
        }
        match = sql`(${sql.join(where, sql` or `)})`;
        matched = sql`case ${sql.join(parts, sql` `)} end`;
      }
      const status =
        input.status === undefined
          ? sql`true`
          : input.status === 'closed'
            ? sql`c.user_id is not null`
            : input.status === 'blocked'
              ? sql`c.user_id is null and b.user_id is not null`
              : sql`c.user_id is null and b.user_id is null`;
      const { rows } = await db.execute<RawPlayer>(sql`
        select ${playerColumns(matched)}, count(*) over () as total
        ${playerJoins}
        where ${match} and ${status}
        order by u.created_at desc, u.id
        limit ${input.limit} offset ${input.offset}`);
      return { rows: rows.map(playerOf), total: Number(rows[0]?.total ?? 0) };
    },

    async player(userId: string): Promise<PlayerRowData | undefined> {
      const { rows } = await db.execute<RawPlayer>(sql`
        select ${playerColumns(sql`null`)} ${playerJoins} where u.id = ${userId}::uuid`);
      return rows[0] && playerOf(rows[0]);
    },

    async profileExtras(userId: string) {
      const { rows } = await db.execute<{
        date_of_birth: string | null;
        block_reason: string | null;
        blocked_at: Date | string | null;
        blocked_by: string | null;
        closed_at: Date | string | null;
        two_factor: boolean;
        identity_status: string | null;
        muted_until: Date | string | null;
        tags: string[] | null;
      }>(sql`
        select u.date_of_birth::text as date_of_birth,
          b.reason as block_reason, b.blocked_at, b.blocked_by, c.closed_at,
          exists (select 1 from two_factor_authenticators t where t.user_id = u.id) as two_factor,
          (select i.status from identity_checks i where i.user_id = u.id) as identity_status,
          (select m.muted_until from chat_mutes m where m.user_id = u.id and m.muted_until > now()) as muted_until,
          (select array_agg(t.tag order by t.tag) from player_tags t where t.user_id = u.id) as tags
        from users u
        left join player_blocks b on b.user_id = u.id
        left join account_closures c on c.user_id = u.id
        where u.id = ${userId}::uuid`);
      return rows[0];
    },

    /** Lifetime totals (thousandths): deposits and withdrawals paid, stakes and wins. */
    async totals(userId: string) {
      const { rows } = await db.execute<Record<string, string | null>>(sql`
        select
          coalesce(sum(case when kind = 'deposit' then amount end), 0)::text as deposits,
          coalesce(-sum(case when kind = 'withdrawal' then amount end), 0)
            - coalesce(sum(case when kind = 'withdrawal_reversal' then amount end), 0) as withdrawals,
          coalesce(-sum(case when kind = 'bet' then amount + bonus_amount end), 0)
            - coalesce(sum(case when kind = 'refund' then amount + bonus_amount end), 0) as stakes,
          coalesce(sum(case when kind = 'win' then amount + bonus_amount end), 0)::text as wins
        from ledger_entries where user_id = ${userId}::uuid`);
      const r = rows[0] ?? {};
      const n = (v: string | null | undefined) => BigInt(String(v ?? '0'));
      return {
        deposits: n(r.deposits),
        withdrawals: n(r.withdrawals),
        stakes: n(r.stakes),
        wins: n(r.wins),
      };
    },

    /** A player's ledger rows, newest first, filtered (the CSV takes up to `limit` rows). */
    async ledger(userId: string, q: PlayerLedgerQuery & { limit: number }) {
      const where: SQL[] = [sql`user_id = ${userId}::uuid`];
      if (q.kind) where.push(sql`kind = ${q.kind}`);
      if (q.provider) where.push(sql`provider = ${q.provider}`);
      if (q.game) where.push(sql`game_id = ${q.game}`);
      if (q.from) where.push(sql`created_at >= ${new Date(q.from)}`);
      if (q.to) where.push(sql`created_at < ${new Date(q.to)}`);
      if (q.before) where.push(sql`id < ${q.before}::bigint`);
      const { rows } = await db.execute<{
        id: string;
        kind: string;
        amount: string;
        balance_after: string;
        bonus_amount: string | null;
        currency: string;
        provider: string;
        game_id: string | null;
        round_id: string | null;
        created_at: Date | string;
      }>(sql`
        select id::text, kind, amount::text, balance_after::text, bonus_amount::text, currency,
          provider, game_id, round_id, created_at
        from ledger_entries where ${sql.join(where, sql` and `)}
        order by id desc limit ${q.limit + 1}`);
      return rows.map((r) => ({ ...r, created_at: asDate(r.created_at) }));
    },

    async playerSessions(userId: string) {
      const { rows } = await db.execute<{
        id: string;
        user_agent: string | null;
        ip: string | null;
        created_at: Date | string;
        last_used_at: Date | string;
        live: boolean;
      }>(sql`
        select id, user_agent, ip, created_at, last_used_at,
          (revoked_at is null and expires_at > now()) as live
        from sessions where user_id = ${userId}::uuid
        order by last_used_at desc limit 50`);
      return rows.map((r) => ({
        ...r,
        created_at: asDate(r.created_at),
        last_used_at: asDate(r.last_used_at),
      }));
    },

    async chatMessages(userId: string | undefined, limit: number, before?: string) {
      const where: SQL[] = [sql`true`];
      if (userId) where.push(sql`m.user_id = ${userId}::uuid`);
      if (before) where.push(sql`m.id < ${before}::bigint`);
      const { rows } = await db.execute<{
        id: string;
        user_id: string;
        username: string;
        body: string;
        created_at: Date | string;
        hidden: boolean;
        muted_until: Date | string | null;
      }>(sql`
        select m.id::text, m.user_id, u.username, m.body, m.created_at,
          (m.hidden_at is not null) as hidden,
          (select mu.muted_until from chat_mutes mu where mu.user_id = m.user_id and mu.muted_until > now()) as muted_until
        from chat_messages m join users u on u.id = m.user_id
        where ${sql.join(where, sql` and `)}
        order by m.id desc limit ${limit}`);
      return rows.map((r) => ({
        ...r,
        created_at: asDate(r.created_at),
        muted_until: r.muted_until === null ? null : asDate(r.muted_until),
      }));
    },
  };
}

export type PlayersRepository = ReturnType<typeof createPlayersRepository>;
