import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';

/**
 * The reports' figures computed straight from ledger_entries (and payments, for paid
 * withdrawals), in TypeScript with the platform's time-zone data: a second, independent
 * reading of decision 075's definitions for the exactness test to compare every cell with.
 */
export type Period = 'day' | 'week' | 'month';
export type By = 'all' | 'provider' | 'game' | 'country';

type LedgerRow = {
  id: string;
  user_id: string;
  kind: string;
  status: string;
  operation: string;
  provider: string;
  game_id: string | null;
  reverses_entry_id: string | null;
  amount: string;
  bonus_amount: string;
  created_at: string;
  country: string | null;
};

export interface ExpectedCell {
  period_start: string;
  provider: string | null;
  game_id: string | null;
  country: string | null;
  stakes: bigint;
  rounds: number;
  refunds: bigint;
  refunds_count: number;
  wins: bigint;
  provider_adjustments: bigint;
  bonus_stakes: bigint;
  bonus_wins: bigint;
  bonus_refunds: bigint;
  bonus_granted: bigint;
  bonus_converted: bigint;
  bonus_forfeited: bigint;
  deposits: bigint;
  deposits_count: number;
  first_deposits: bigint;
  first_deposits_count: number;
  withdrawals_requested: bigint;
  withdrawals_requested_count: number;
  withdrawals_paid: bigint;
  withdrawals_paid_count: number;
  withdrawals_rejected: bigint;
  withdrawals_rejected_count: number;
  operator_adjustments: bigint;
  players: Set<string>;
}

export function localDate(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function startOf(period: Period, date: string): string {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 7)}-01`;
  const d = new Date(`${date}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

function keyOf(by: By, provider: string, game: string | null, country: string | null) {
  return {
    provider: by === 'provider' || by === 'game' ? provider : null,
    game_id: by === 'game' ? game || null : null,
    country: by === 'country' ? country || null : null,
  };
}

function emptyCell(periodStart: string, key: ReturnType<typeof keyOf>): ExpectedCell {
  return {
    period_start: periodStart,
    ...key,
    stakes: 0n,
    rounds: 0,
    refunds: 0n,
    refunds_count: 0,
    wins: 0n,
    provider_adjustments: 0n,
    bonus_stakes: 0n,
    bonus_wins: 0n,
    bonus_refunds: 0n,
    bonus_granted: 0n,
    bonus_converted: 0n,
    bonus_forfeited: 0n,
    deposits: 0n,
    deposits_count: 0,
    first_deposits: 0n,
    first_deposits_count: 0,
    withdrawals_requested: 0n,
    withdrawals_requested_count: 0,
    withdrawals_paid: 0n,
    withdrawals_paid_count: 0,
    withdrawals_rejected: 0n,
    withdrawals_rejected_count: 0,
    operator_adjustments: 0n,
    players: new Set(),
  };
}

export interface LedgerSnapshot {
  entries: LedgerRow[];
  paid: { user_id: string; amount: string; updated_at: string; country: string | null }[];
}

export async function readLedger(db: Database): Promise<LedgerSnapshot> {
  const { rows: entries } = await db.execute<LedgerRow>(sql`
    select e.id::text, e.user_id, e.kind, e.status, e.operation, e.provider, e.game_id,
      e.reverses_entry_id::text,
      e.amount::text, e.bonus_amount::text, u.country,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from ledger_entries e left join users u on u.id = e.user_id order by e.id`);
  const { rows: paid } = await db.execute<LedgerSnapshot['paid'][number]>(sql`
    select p.user_id, p.amount::text, u.country,
      to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
    from payments p left join users u on u.id = p.user_id
    where p.direction = 'withdrawal' and p.status = 'paid'`);
  return { entries, paid };
}

/** Every cell of one report, keyed as the API's rows are ordered. */
export function expectedReport(
  snapshot: LedgerSnapshot,
  zone: string,
  period: Period,
  by: By,
): Map<string, ExpectedCell> {
  const cells = new Map<string, ExpectedCell>();
  const cell = (at: string, provider: string, game: string | null, country: string | null) => {
    const periodStart = startOf(period, localDate(new Date(at), zone));
    const key = keyOf(by, provider, game, country);
    const id = `${periodStart}|${key.provider ?? ''}|${key.game_id ?? ''}|${key.country ?? ''}`;
    let found = cells.get(id);
    if (!found) cells.set(id, (found = emptyCell(periodStart, key)));
    return found;
  };
  const depositors = new Set<string>();
  const gameOf = new Map(snapshot.entries.map((e) => [e.id, e.game_id]));
  for (const e of snapshot.entries) {
    // A refund without a game is its bet's game's (decision 075).
    const game =
      e.game_id ??
      (e.kind === 'refund' && e.reverses_entry_id ? gameOf.get(e.reverses_entry_id) : null);
    const c = cell(e.created_at, e.provider, game ?? '', e.country ?? '');
    const amount = BigInt(e.amount);
    const bonus = BigInt(e.bonus_amount);
    switch (e.kind) {
      case 'bet':
        c.stakes -= amount;
        c.bonus_stakes -= bonus;
        c.rounds += 1;
        c.players.add(e.user_id);
        break;
      case 'win':
        c.wins += amount;
        c.bonus_wins += bonus;
        break;
      case 'refund':
        c.refunds += amount;
        c.bonus_refunds += bonus;
        if (e.status === 'applied') c.refunds_count += 1;
        break;
      case 'adjustment':
        if (e.provider === 'operator') c.operator_adjustments += amount;
        else c.provider_adjustments += amount;
        break;
      case 'bonus':
        if (e.operation === 'bonus_grant') c.bonus_granted += amount;
        else c.bonus_forfeited -= amount;
        if (e.operation === 'bonus_convert') c.bonus_converted += amount - bonus;
        break;
      case 'deposit':
        c.deposits += amount;
        c.deposits_count += 1;
        if (!depositors.has(e.user_id)) {
          depositors.add(e.user_id);
          c.first_deposits += amount;
          c.first_deposits_count += 1;
        }
        break;
      case 'withdrawal':
        c.withdrawals_requested -= amount;
        c.withdrawals_requested_count += 1;
        break;
      case 'withdrawal_reversal':
        c.withdrawals_rejected += amount;
        c.withdrawals_rejected_count += 1;
        break;
    }
  }
  for (const p of snapshot.paid) {
    const c = cell(p.updated_at, 'operator', '', p.country ?? '');
    c.withdrawals_paid += BigInt(p.amount);
    c.withdrawals_paid_count += 1;
  }
  return cells;
}

/** The total all balances (cash + bonus) at the end of each local day seen. */
export function expectedLiability(snapshot: LedgerSnapshot, zone: string, day: string) {
  let total = 0n;
  let bonus = 0n;
  for (const e of snapshot.entries) {
    if (localDate(new Date(e.created_at), zone) > day) continue;
    total += BigInt(e.amount);
    bonus += BigInt(e.bonus_amount);
  }
  return { total, bonus };
}
