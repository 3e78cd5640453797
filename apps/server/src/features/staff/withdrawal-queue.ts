import type { WithdrawalQueueRow, WithdrawalRiskFlag } from '@casino/contracts/operator';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { GeoLookup } from '../auth';
import type { PaymentsService } from '../payments';
import { paymentView } from '../payments';
import type { FourEyes } from './four-eyes';

const day = 24 * 60 * 60 * 1000;

/**
 * The withdrawal queue (oldest first) with the flags that deserve a second look
 * (docs/decisions/066 says how each is measured):
 * - first_withdrawal: no earlier withdrawal of the player that was not given back;
 * - soon_after_deposit_little_play: a deposit in the 24 hours before, and stakes since it
 *   below that deposit;
 * - new_device_or_country: a device first seen, or a country first placed (with a geo
 *   database), in the 7 days before, on an account older than that;
 * - bonus_recently_completed: a bonus wagered through in the 7 days before;
 * - above_identity_threshold: above KYC_WITHDRAWAL_THRESHOLD;
 * - four_eyes: above BACKOFFICE_FOUR_EYES_AMOUNT.
 */
export function createWithdrawalQueue(deps: {
  db: Database;
  clock: Clock;
  cashier: PaymentsService;
  fourEyes: FourEyes;
  geo: GeoLookup;
  kycThreshold: bigint;
}) {
  const { db } = deps;

  async function flagsOf(payment: {
    id: string;
    userId: string;
    createdAt: Date;
    amount: bigint;
  }): Promise<WithdrawalRiskFlag[]> {
    const at = payment.createdAt;
    const weekBefore = new Date(at.getTime() - 7 * day);
    const { rows } = await db.execute<{
      earlier: boolean;
      deposit: string | null;
      stakes: string | null;
      new_device: boolean;
      bonus_done: boolean;
    }>(sql`
      with last_deposit as (
        select id, amount, created_at from ledger_entries
        where user_id = ${payment.userId}::uuid and kind = 'deposit'
          and created_at <= ${at} and created_at > ${new Date(at.getTime() - day)}
        order by id desc limit 1)
      select
        exists (select 1 from payments p where p.user_id = ${payment.userId}::uuid
          and p.direction = 'withdrawal' and p.id <> ${payment.id}::uuid
          and p.created_at < ${at}
          and p.status not in ('canceled', 'rejected', 'failed', 'expired')) as earlier,
        (select amount::text from last_deposit) as deposit,
        (select coalesce(-sum(l.amount + l.bonus_amount), 0)::text from ledger_entries l, last_deposit d
          where l.user_id = ${payment.userId}::uuid and l.kind = 'bet' and l.id > d.id) as stakes,
        (exists (select 1 from known_devices k where k.user_id = u.id
            and k.created_at >= ${weekBefore} and k.created_at <= ${at})
          and u.created_at < ${weekBefore}) as new_device,
        exists (select 1 from player_bonuses b where b.user_id = u.id and b.status = 'completed'
          and b.ended_at >= ${weekBefore} and b.ended_at <= ${at}) as bonus_done
      from users u where u.id = ${payment.userId}::uuid`);
    const r = rows[0];
    const flags: WithdrawalRiskFlag[] = [];
    if (!r) return flags;
    if (!r.earlier) flags.push('first_withdrawal');
    if (r.deposit !== null && BigInt(r.stakes ?? '0') < BigInt(r.deposit)) {
      flags.push('soon_after_deposit_little_play');
    }
    if (r.new_device || (await newCountry(payment.userId, at, weekBefore))) {
      flags.push('new_device_or_country');
    }
    if (r.bonus_done) flags.push('bonus_recently_completed');
    if (payment.amount > deps.kycThreshold) flags.push('above_identity_threshold');
    if (payment.amount > deps.fourEyes.threshold) flags.push('four_eyes');
    return flags;
  }

  /** A country placed by the geo database in the last week and never before it. */
  async function newCountry(userId: string, at: Date, weekBefore: Date): Promise<boolean> {
    const { rows } = await db.execute<{ ip: string; recent: boolean }>(sql`
      select distinct ip, created_at >= ${weekBefore} as recent from sessions
      where user_id = ${userId}::uuid and ip is not null and created_at <= ${at}`);
    const country = (ip: string) => deps.geo.place(ip)?.split(', ').at(-1);
    const older = new Set(rows.filter((r) => !r.recent).map((r) => country(r.ip)));
    if (older.size === 0 || (older.size === 1 && older.has(undefined))) return false;
    return rows.some((r) => r.recent && country(r.ip) !== undefined && !older.has(country(r.ip)));
  }

  return {
    flagsOf,
    async list(status: 'pending' | 'processing', limit: number): Promise<WithdrawalQueueRow[]> {
      const rows = await deps.cashier.withdrawalsIn(status, limit);
      const ids = [...new Set(rows.map((r) => r.userId))];
      const names = new Map(
        ids.length === 0
          ? []
          : (
              await db
                .select({ id: users.id, username: users.username })
                .from(users)
                .where(inArray(users.id, ids))
            ).map((u) => [u.id, u.username]),
      );
      const approvals = new Map(
        (await deps.fourEyes.waitingFor(rows.map((r) => r.id))).map((a) => [a.paymentId, a]),
      );
      const now = deps.clock.now().getTime();
      return Promise.all(
        rows.map(async (row) => {
          const approval = approvals.get(row.id);
          return {
            ...paymentView(row),
            user_id: row.userId,
            username: names.get(row.userId) ?? '',
            method: row.method,
            age_seconds: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 1000)),
            risk_flags: await flagsOf(row),
            approval: approval
              ? {
                  id: approval.id,
                  requested_by: approval.requestedByEmail ?? approval.requestedBy,
                  requested_at: approval.requestedAt.toISOString(),
                }
              : null,
          };
        }),
      );
    },
  };
}

export type WithdrawalQueue = ReturnType<typeof createWithdrawalQueue>;
