// The synthetic casino of `bench:reports`: players, then ledger rows made by generate_series in
// chunks, inside PostgreSQL (no row crosses the wire). A year (2025, UTC) of sessions: 50
// consecutive rows are one player at one game (bets, wins, the odd refund), between them
// deposits, withdrawals and their reversals, bonus grants, conversions and forfeits, staff and
// provider adjustments. The rows satisfy every CHECK and unique index of the ledger; balances
// are not chained (balance_before is a large constant): the reports never read them.
import type pg from 'pg';

export const benchYear = { from: '2025-01-01', to: '2025-12-31' };
const yearStart = '2025-01-01T00:00:00Z';
const yearSeconds = 365 * 86_400;

export interface BenchShape {
  rows: number;
  players: number;
  games: number;
  countries: readonly string[];
  /** Paid withdrawals in `payments`. */
  paidWithdrawals: number;
}

export const defaultShape: BenchShape = {
  rows: 10_000_000,
  players: 5_000,
  games: 120,
  countries: ['DE', 'RU', 'BR', 'IN', 'CA', 'TR', 'PL', 'JP'],
  paidWithdrawals: 100_000,
};

export async function loadPlayers(client: pg.Client, shape: BenchShape): Promise<void> {
  const countries = shape.countries.map((c) => `'${c}'`).join(', ');
  await client.query(`
    insert into users (id, username, email, password_hash, country, created_at, updated_at)
    select md5('p' || g)::uuid, 'p' || g, 'p' || g || '@bench.test', 'x',
      (array[${countries}, null])[1 + g % ${shape.countries.length + 1}],
      timestamptz '${yearStart}', timestamptz '${yearStart}'
    from generate_series(1, ${shape.players}) g`);
  await client.query(`
    insert into wallets (user_id, currency, balance, created_at, updated_at)
    select md5('p' || g)::uuid, 'USD', 0, timestamptz '${yearStart}', timestamptz '${yearStart}'
    from generate_series(1, ${shape.players}) g`);
}

/**
 * Ledger ids [first, last]: row g is at yearStart + g × (year / rows), so ids follow time.
 * The kind comes from g % 100 within a session of 50 rows (g / 50).
 */
export async function loadLedgerChunk(
  client: pg.Client,
  shape: BenchShape,
  first: number,
  last: number,
): Promise<void> {
  const step = yearSeconds / shape.rows;
  await client.query(`
    insert into ledger_entries (id, user_id, kind, status, amount, balance_before, balance_after,
      bonus_amount, bonus_after, bonus_id, currency, provider, operation, provider_tx_id,
      bet_tx_id, game_id, round_id, reverses_entry_id, reason, actor, request, created_at)
    overriding system value
    select g, md5('p' || (1 + (s * 7919) % ${shape.players}))::uuid, k.kind, 'applied', k.amount,
      1000000000000, 1000000000000 + k.amount, k.bonus_amount, 0,
      case when k.kind = 'bonus' then g end, 'USD', k.provider, k.operation, g::text,
      case when k.kind in ('bet', 'refund') then 'b' || g end,
      case when k.provider <> 'operator' then 'game-' || (s * 31) % ${shape.games} end,
      case when k.provider <> 'operator' then 'r' || g end,
      case when k.kind = 'withdrawal_reversal' then g - 1 end,
      case when k.kind = 'adjustment' then 'bench' end, 'bench', '{}'::jsonb,
      timestamptz '${yearStart}' + (g * ${step}) * interval '1 second'
    from generate_series(${first}, ${last}) g
    cross join lateral (select g / 50 as s, g % 100 as r) v
    cross join lateral (
      select
        case when r < 46 then 'bet' when r < 86 then 'win' when r < 88 then 'refund'
          when r < 92 then 'deposit' when r < 94 then 'withdrawal'
          when r = 94 and g > 1 then 'withdrawal_reversal'
          when r < 97 then 'bonus' else 'adjustment' end as kind,
        case when r < 88 or r >= 98 then (array['endorphina', 'pragmatic', 'gbgames'])[1 + s % 3]
          else 'operator' end as provider,
        (g % 997 + 1) * 10 as size
    ) p
    cross join lateral (
      select p.kind,
        p.provider,
        case p.kind when 'bet' then 'bet' when 'win' then 'win' when 'refund' then 'refund'
          when 'bonus' then (array['bonus_grant', 'bonus_convert', 'bonus_forfeit'])[1 + g % 3]
          else p.kind end as operation,
        case p.kind when 'bet' then -p.size when 'withdrawal' then -p.size * 10
          when 'deposit' then p.size * 10 when 'withdrawal_reversal' then p.size
          when 'bonus' then case g % 3 when 0 then p.size else -p.size / 2 end
          when 'adjustment' then p.size / 5 - 1000
          else p.size * 2 end as amount,
        case p.kind when 'bet' then -(p.size / 10) when 'win' then p.size / 5
          when 'bonus' then case g % 3 when 0 then p.size else -p.size end
          else 0 end as bonus_amount
    ) k`);
}

export async function loadPaidWithdrawals(client: pg.Client, shape: BenchShape): Promise<void> {
  await client.query(`
    insert into payments (id, user_id, direction, method, provider, status, amount, currency,
      idempotency_key, request, created_at, updated_at)
    select md5('w' || g)::uuid, md5('p' || (1 + g % ${shape.players}))::uuid, 'withdrawal', 'card',
      'sandbox', case when g % 5 = 0 then 'rejected' else 'paid' end, 10000 + g % 1000, 'USD',
      'w' || g, '{}'::jsonb, t, t + interval '1 hour'
    from generate_series(1, ${shape.paidWithdrawals}) g
    cross join lateral (select timestamptz '${yearStart}'
      + (g::double precision * ${yearSeconds} / ${shape.paidWithdrawals}) * interval '1 second' as t) v`);
}
