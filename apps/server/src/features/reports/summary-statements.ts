import { sql, type SQL } from 'drizzle-orm';

/**
 * The reports job's two statements over one batch of ledger rows, ids in (after, through]
 * (decision 076). Both run in the batch's transaction with the watermark's update, so a batch
 * counts once or not at all. The money columns' meaning is decision 075's.
 */

/** The local day of a ledger row, in the summaries' zone. */
const localDay = (zone: string) => sql`(e.created_at at time zone ${zone})::date`;

/**
 * Records each player's first deposit: the smallest deposit id of theirs in the first batch
 * that holds one. Batches run in id order, so a player already recorded keeps their row.
 */
export function recordFirstDeposits(after: bigint, through: bigint): SQL {
  return sql`
    insert into report_depositors (user_id, first_entry_id)
    select user_id, min(id) from ledger_entries
    where id > ${after} and id <= ${through} and kind = 'deposit'
    group by user_id
    on conflict (user_id) do nothing`;
}

/**
 * Adds the batch to `report_daily`, one row per day and dimension cell: the four dimensions
 * are one GROUPING SETS query, so each ledger row is read once. Run after recordFirstDeposits.
 * The batch's rows are picked first (materialized), so the range is read through the primary
 * key whatever the planner thinks of the rest.
 */
export function summariseBatch(zone: string, after: bigint, through: bigint): SQL {
  return sql`
    with picked as materialized (
      select e.id, e.user_id, e.created_at, e.kind, e.operation, e.status, e.provider,
        e.game_id, e.currency, e.amount, e.bonus_amount, e.reverses_entry_id
      from ledger_entries e
      where e.id > ${after} and e.id <= ${through}
    ),
    batch as (
      select ${localDay(zone)} as day, e.kind, e.operation, e.status, e.provider,
        coalesce(e.game_id, bet.game_id, '') as game, coalesce(u.country, '') as country,
        e.currency, e.amount, e.bonus_amount,
        coalesce(e.kind = 'deposit' and d.first_entry_id = e.id, false) as first_deposit
      from picked e
      left join users u on u.id = e.user_id
      left join report_depositors d on d.user_id = e.user_id
      -- A refund that does not name its game is its bet's game's.
      left join ledger_entries bet on e.kind = 'refund' and bet.id = e.reverses_entry_id
    ),
    cells as (
      select day, currency,
        case when grouping(provider) = 1 and grouping(country) = 1 then 'all'
          when grouping(country) = 0 then 'country'
          when grouping(game) = 0 then 'game'
          else 'provider' end as dimension,
        case when grouping(country) = 0 then country
          when grouping(provider) = 0 then provider
          else '' end as key,
        case when grouping(game) = 0 then game else '' end as key2,
        coalesce(sum(-amount) filter (where kind = 'bet'), 0) as stakes,
        count(*) filter (where kind = 'bet') as bets,
        coalesce(sum(amount) filter (where kind = 'refund'), 0) as refunds,
        count(*) filter (where kind = 'refund' and status = 'applied') as refunds_count,
        coalesce(sum(amount) filter (where kind = 'win'), 0) as wins,
        coalesce(sum(amount) filter (where kind = 'adjustment' and provider <> 'operator'), 0)
          as provider_adjustments,
        coalesce(sum(-bonus_amount) filter (where kind = 'bet'), 0) as bonus_stakes,
        coalesce(sum(bonus_amount) filter (where kind = 'refund'), 0) as bonus_refunds,
        coalesce(sum(bonus_amount) filter (where kind = 'win'), 0) as bonus_wins,
        coalesce(sum(amount) filter (where kind = 'bonus' and operation = 'bonus_grant'), 0)
          as bonus_granted,
        coalesce(sum(amount - bonus_amount)
          filter (where kind = 'bonus' and operation = 'bonus_convert'), 0) as bonus_converted,
        coalesce(sum(-amount) filter (where kind = 'bonus' and operation <> 'bonus_grant'), 0)
          as bonus_forfeited,
        coalesce(sum(amount) filter (where kind = 'deposit'), 0) as deposits,
        count(*) filter (where kind = 'deposit') as deposits_count,
        coalesce(sum(amount) filter (where first_deposit), 0) as first_deposits,
        count(*) filter (where first_deposit) as first_deposits_count,
        coalesce(sum(-amount) filter (where kind = 'withdrawal'), 0) as withdrawals,
        count(*) filter (where kind = 'withdrawal') as withdrawals_count,
        coalesce(sum(amount) filter (where kind = 'withdrawal_reversal'), 0)
          as withdrawals_returned,
        count(*) filter (where kind = 'withdrawal_reversal') as withdrawals_returned_count,
        coalesce(sum(amount) filter (where kind = 'adjustment' and provider = 'operator'), 0)
          as operator_adjustments,
        sum(amount) as balance_change,
        sum(bonus_amount) as bonus_balance_change
      from batch
      group by grouping sets (
        (day, currency), (day, currency, provider), (day, currency, provider, game),
        (day, currency, country))
    )
    insert into report_daily as r (day, dimension, key, key2, currency, stakes, bets, refunds,
      refunds_count, wins, provider_adjustments, bonus_stakes, bonus_refunds, bonus_wins,
      bonus_granted, bonus_converted, bonus_forfeited, deposits, deposits_count, first_deposits,
      first_deposits_count, withdrawals, withdrawals_count, withdrawals_returned,
      withdrawals_returned_count, operator_adjustments, balance_change, bonus_balance_change)
    select day, dimension, key, key2, currency, stakes, bets, refunds, refunds_count, wins,
      provider_adjustments, bonus_stakes, bonus_refunds, bonus_wins, bonus_granted,
      bonus_converted, bonus_forfeited, deposits, deposits_count, first_deposits,
      first_deposits_count, withdrawals, withdrawals_count, withdrawals_returned,
      withdrawals_returned_count, operator_adjustments, balance_change, bonus_balance_change
    from cells
    on conflict (dimension, day, key, key2, currency) do update set
      stakes = r.stakes + excluded.stakes,
      bets = r.bets + excluded.bets,
      refunds = r.refunds + excluded.refunds,
      refunds_count = r.refunds_count + excluded.refunds_count,
      wins = r.wins + excluded.wins,
      provider_adjustments = r.provider_adjustments + excluded.provider_adjustments,
      bonus_stakes = r.bonus_stakes + excluded.bonus_stakes,
      bonus_refunds = r.bonus_refunds + excluded.bonus_refunds,
      bonus_wins = r.bonus_wins + excluded.bonus_wins,
      bonus_granted = r.bonus_granted + excluded.bonus_granted,
      bonus_converted = r.bonus_converted + excluded.bonus_converted,
      bonus_forfeited = r.bonus_forfeited + excluded.bonus_forfeited,
      deposits = r.deposits + excluded.deposits,
      deposits_count = r.deposits_count + excluded.deposits_count,
      first_deposits = r.first_deposits + excluded.first_deposits,
      first_deposits_count = r.first_deposits_count + excluded.first_deposits_count,
      withdrawals = r.withdrawals + excluded.withdrawals,
      withdrawals_count = r.withdrawals_count + excluded.withdrawals_count,
      withdrawals_returned = r.withdrawals_returned + excluded.withdrawals_returned,
      withdrawals_returned_count = r.withdrawals_returned_count + excluded.withdrawals_returned_count,
      operator_adjustments = r.operator_adjustments + excluded.operator_adjustments,
      balance_change = r.balance_change + excluded.balance_change,
      bonus_balance_change = r.bonus_balance_change + excluded.bonus_balance_change`;
}

/**
 * Records who bet in the batch, per period (local day, ISO week from Monday, month) and
 * dimension, and raises each cell's count by the members that were new: the membership's
 * primary key makes a player count once per cell however many batches see them.
 */
export function recordActivePlayers(zone: string, after: bigint, through: bigint): SQL {
  return sql`
    with bettors as (
      select distinct ${localDay(zone)} as day, e.provider, coalesce(e.game_id, '') as game,
        coalesce(u.country, '') as country, e.user_id
      from ledger_entries e
      left join users u on u.id = e.user_id
      where e.id > ${after} and e.id <= ${through} and e.kind = 'bet'
    ),
    candidates as (
      select distinct p.period,
        case p.period when 'day' then b.day
          else date_trunc(p.period, b.day::timestamp)::date end as period_start,
        d.dimension,
        case d.dimension when 'all' then '' when 'country' then b.country else b.provider end
          as key,
        case d.dimension when 'game' then b.game else '' end as key2,
        b.user_id
      from bettors b
      cross join (values ('day'), ('week'), ('month')) as p(period)
      cross join (values ('all'), ('provider'), ('game'), ('country')) as d(dimension)
    ),
    joined as (
      insert into report_active_players (period, period_start, dimension, key, key2, user_id)
      select period, period_start, dimension, key, key2, user_id from candidates
      on conflict do nothing
      returning period, period_start, dimension, key, key2
    )
    insert into report_active_counts as c (period, period_start, dimension, key, key2, players)
    select period, period_start, dimension, key, key2, count(*) from joined
    group by period, period_start, dimension, key, key2
    on conflict (period, dimension, period_start, key, key2) do update
      set players = c.players + excluded.players`;
}

/**
 * Recomputes the withdrawals paid per local day from `since` (a local date; null: all) in
 * `report_paid_daily`, after deletePaidFrom(since) in the same transaction: a payment reaches
 * `paid` once, stamped by `updated_at`, so only recent days can still change. No game: the
 * cashier's rows are provider `operator`, like the ledger's.
 */
export function deletePaidFrom(since: string | null): SQL {
  return since === null
    ? sql`delete from report_paid_daily`
    : sql`delete from report_paid_daily where day >= ${since}::date`;
}

export function refreshPaidWithdrawals(zone: string, since: string | null): SQL {
  const from =
    since === null
      ? sql`true`
      : sql`p.updated_at >= (${since}::date::timestamp at time zone ${zone})`;
  return sql`
    with paid as (
      select (p.updated_at at time zone ${zone})::date as day, coalesce(u.country, '') as country,
        p.currency, p.amount
      from payments p
      left join users u on u.id = p.user_id
      where p.direction = 'withdrawal' and p.status = 'paid' and ${from}
    )
    insert into report_paid_daily (day, dimension, key, key2, currency, paid, paid_count)
    select day, d.dimension, case d.dimension when 'all' then '' when 'country' then country
        else 'operator' end, '', currency, sum(amount), count(*)
    from paid
    cross join (values ('all'), ('provider'), ('game'), ('country')) as d(dimension)
    group by day, d.dimension, 3, currency`;
}
