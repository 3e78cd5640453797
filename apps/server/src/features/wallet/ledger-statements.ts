import { sql, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '../../db/schema';

/**
 * The SQL of a posting. Each posting is ONE statement (so one round trip and its own
 * transaction): a CTE that updates the wallet conditionally and inserts the ledger row from
 * the updated balance. If the insert hits a unique index (a concurrent repeat, a bet racing
 * its tombstone) the whole statement fails and the balance change with it: the unique
 * indexes, not a read-before-write, are what make a movement apply at most once. The
 * `not exists` tests only spare the wallet's row lock on a plain sequential repeat. The row's
 * user_id is the updated wallet's own, which is what stands in for a foreign key.
 *
 * Values travel as text parameters with casts, so both drivers bind them the same way and a
 * bigint never passes through a JavaScript number.
 */

export const entryColumns = sql.raw(
  'user_id, kind, status, amount, balance_before, balance_after, currency, provider, ' +
    'operation, provider_tx_id, bet_tx_id, game_id, round_id, reverses_entry_id, reason, ' +
    'actor, request, meta, created_at, bonus_amount, bonus_after, bonus_id',
);

export interface MovementStatement {
  kind: LedgerKind;
  userId: string;
  /** Signed thousandths: negative debits, and the balance may not go below zero. */
  delta: bigint;
  /** Null: the wallet's own currency (operator movements). */
  currency: string | null;
  provider: string;
  operation: string;
  txId: string;
  betTxId: string | null;
  gameId: string | null;
  roundId: string | null;
  reason: string | null;
  actor: string | null;
  /** JSON text. */
  request: string;
  /** JSON text or null. */
  meta: string | null;
  now: Date;
  /** Bets: refuse when a refund already left a tombstone for this id. */
  checkTombstone: boolean;
  /**
   * Bets: a condition the caller needs true in the same statement (the player's game session
   * is live), so admitting a bet costs no round trip of its own. Null: none.
   */
  admission?: SQL | null;
}

/**
 * How a movement splits between cash and the bonus pocket (docs/decisions/039), as SQL over
 * the wallet row `w` being updated (old values) and, for a win, the `funding` relation of the
 * bets it settles. Each returns the signed bonus part.
 */
function bonusPart(m: MovementStatement, delta: SQL): SQL {
  if (m.kind === 'bet') {
    // Cash first: only what the cash does not cover comes out of the pocket.
    return sql`-greatest(0::bigint, -${delta} - (w.balance - w.bonus_balance))`;
  }
  if (m.kind === 'win') {
    // In proportion to the bets' funding, while their bonus is still the active one.
    return sql`coalesce((select case when w.bonus_id is not null and f.bonus_id = w.bonus_id
        and f.spent < 0 then floor(${delta}::numeric * f.bonus_spent / f.spent)::bigint
        else 0::bigint end from ${funding(m)} f), 0::bigint)`;
  }
  return sql`0::bigint`;
}

/**
 * The bets a win settles, summed: the bet it names, else the bets of its round (the same
 * link as settlingWins, seen from the win).
 */
function funding(m: MovementStatement): SQL {
  const link =
    m.betTxId !== null
      ? sql`bet_tx_id = ${m.betTxId}`
      : m.roundId !== null
        ? sql`round_id = ${m.roundId}`
        : sql`false`;
  return sql`(
      select sum(amount) as spent, sum(bonus_amount) as bonus_spent, max(bonus_id) as bonus_id
      from ledger_entries
      where provider = ${m.provider} and kind = 'bet' and user_id = ${m.userId}::uuid and ${link}
    )`;
}

/**
 * What a movement may not do to the wallet: no balance below zero; cash debits other than
 * bets (withdrawals, adjustments) only from cash; a withdrawal not while a bonus is active.
 */
function fundsGuard(m: MovementStatement, delta: SQL): SQL {
  if (m.kind === 'bet' || m.delta >= 0n) return sql`and balance + ${delta} >= 0`;
  const noBonus = m.kind === 'withdrawal' ? sql`and bonus_id is null` : sql``;
  return sql`and balance - bonus_balance + ${delta} >= 0 ${noBonus}`;
}

/** Bets, wins and operator movements: returns the new row, or no row when nothing moved. */
export function movementStatement(m: MovementStatement): SQL {
  const delta = sql`${m.delta.toString()}::bigint`;
  const part = bonusPart(m, delta);
  const tombstoneGuard = m.checkTombstone
    ? sql`and not exists (
        select 1 from ledger_entries
        where provider = ${m.provider} and bet_tx_id = ${m.txId} and kind = 'refund')`
    : sql``;
  return sql`
    with moved as (
      update wallets w set balance = balance + ${delta},
        bonus_balance = bonus_balance + ${part}, bonus_moved = ${part},
        updated_at = ${m.now.toISOString()}::timestamptz
      where user_id = ${m.userId}::uuid
        and currency = coalesce(${m.currency}::text, currency)
        ${fundsGuard(m, delta)}
        and not exists (
          select 1 from ledger_entries
          where provider = ${m.provider} and operation = ${m.operation}
            and provider_tx_id = ${m.txId})
        ${tombstoneGuard}
        ${m.admission ? sql`and (${m.admission})` : sql``}
      returning user_id, balance, currency, bonus_balance, bonus_moved, bonus_id
    )
    insert into ledger_entries (${entryColumns})
    select user_id, ${m.kind}, 'applied', ${delta}, balance - ${delta}, balance,
      currency, ${m.provider}, ${m.operation}, ${m.txId}, ${m.betTxId}, ${m.gameId},
      ${m.roundId}, null::bigint, ${m.reason}, ${m.actor}, ${m.request}::jsonb,
      ${m.meta}::jsonb, ${m.now.toISOString()}::timestamptz, bonus_moved, bonus_balance,
      bonus_id
    from moved
    returning *`;
}

export interface RefundStatement {
  userId: string;
  provider: string;
  /** The refund's key: its own id, or the bet's id when it has none. */
  txId: string;
  betTxId: string;
  /** Magnitude the provider claims, or null; must equal the bet's. */
  amount: bigint | null;
  currency: string | null;
  gameId: string | null;
  roundId: string | null;
  request: string;
  meta: string | null;
  now: Date;
}

/**
 * A refund. If the bet is in the ledger: credit exactly its amount back, once, to its own
 * player. If not: write a tombstone (amount 0) that takes the bet's place in the
 * ledger_entries_bet_once index, so the bet, if it ever arrives, cannot be applied. The wallet
 * row is locked either way, which orders the row in the wallet's chain. No row comes back
 * when the refund was seen before, does not match its bet, or its bet's round was already
 * settled by a win (settlingWins). Run after the wallet's row lock (walletLockStatement) in
 * the same transaction, so a win that committed while the refund waited is seen.
 */
export function refundStatement(r: RefundStatement): SQL {
  const amount = r.amount === null ? null : r.amount.toString();
  // The bet's exact bonus spend goes back to the pocket while its bonus is still active;
  // after it ended, the whole refund is cash (docs/decisions/039).
  const refundBonus = sql`coalesce((select -bet.bonus_amount from bet
    where bet.bonus_id is not null and bet.bonus_id = w.bonus_id), 0::bigint)`;
  return sql`
    with bet as (
      select id, user_id, amount, currency, bet_tx_id, round_id, bonus_amount, bonus_id
      from ledger_entries
      where provider = ${r.provider} and bet_tx_id = ${r.betTxId} and kind = 'bet'
    ),
    settled as (${settlingWins(r.provider, sql`bet`)} limit 1),
    moved as (
      update wallets w
      set balance = w.balance - coalesce((select amount from bet), 0),
        bonus_balance = w.bonus_balance + ${refundBonus},
        bonus_moved = ${refundBonus},
        updated_at = ${r.now.toISOString()}::timestamptz
      where w.user_id = ${r.userId}::uuid
        and w.currency = coalesce(${r.currency}::text, w.currency)
        and not exists (
          select 1 from ledger_entries
          where provider = ${r.provider} and bet_tx_id = ${r.betTxId} and kind = 'refund')
        and not exists (
          select 1 from ledger_entries
          where provider = ${r.provider} and operation = 'refund' and provider_tx_id = ${r.txId})
        and (not exists (select 1 from bet) or exists (
          select 1 from bet
          where bet.user_id = w.user_id and bet.currency = w.currency
            and (${amount}::bigint is null or -bet.amount = ${amount}::bigint)))
        and not exists (select 1 from settled)
      returning w.user_id, w.balance, w.currency, w.bonus_balance, w.bonus_moved, w.bonus_id
    )
    insert into ledger_entries (${entryColumns})
    select moved.user_id, 'refund',
      case when bet.id is null then 'tombstone' else 'applied' end,
      coalesce(-bet.amount, 0), moved.balance + coalesce(bet.amount, 0), moved.balance,
      moved.currency, ${r.provider}, 'refund', ${r.txId}, ${r.betTxId}, ${r.gameId},
      ${r.roundId}, bet.id, null, null, ${r.request}::jsonb, ${r.meta}::jsonb,
      ${r.now.toISOString()}::timestamptz, moved.bonus_moved, moved.bonus_balance,
      moved.bonus_id
    from moved left join bet on true
    returning *`;
}

/**
 * The wins that settled a bet: the same provider and player, posted after the bet, naming
 * the bet (`bet_tx_id`), or naming no bet and in the bet's round (`round_id`). Every protocol
 * links a win to its bet one of these two ways (Endorphina and GB Games name the bet, so
 * another bet of the same round stays refundable; Pragmatic's result names only the round).
 * `bet` is a relation with the bet's id, user_id, bet_tx_id and round_id; `w.id > bet.id`
 * keeps the scan on the player's index to the rows since the bet.
 */
function settlingWins(provider: string, bet: SQL): SQL {
  return sql`
    select w.* from ${bet} join ledger_entries w on w.user_id = bet.user_id and w.id > bet.id
    where w.provider = ${provider} and w.kind = 'win'
      and (w.bet_tx_id = bet.bet_tx_id
        or (w.bet_tx_id is null and bet.round_id is not null and w.round_id = bet.round_id))
    order by w.id`;
}

/** For a refund that moved nothing: the first win that settled its bet's round, if any. */
export function settlingWinQuery(provider: string, betTxId: string): SQL {
  const bet = sql`(select id, user_id, bet_tx_id, round_id from ledger_entries
    where provider = ${provider} and bet_tx_id = ${betTxId} and kind = 'bet') bet`;
  return sql`${settlingWins(provider, bet)} limit 1`;
}

/**
 * Locks the wallet's row for the rest of the transaction. A refund takes it before its
 * statement: a concurrent win (which updates the same row) has then either committed, and the
 * refund's statement, with its own later snapshot, sees it; or it waits for the refund.
 */
export function walletLockStatement(userId: string): SQL {
  return sql`select 1 from wallets where user_id = ${userId}::uuid for update`;
}

/**
 * Rows that can explain why a posting moved nothing: the row holding its key, and for a
 * bet id, the bet and any refund of it (a tombstone, or an earlier refund).
 */
export function relatedEntriesQuery(
  provider: string,
  operation: string,
  txId: string,
  betTxId: string | null,
): SQL {
  // Two disjuncts, not `kind in (…)`: each matches one partial unique index, so the planner
  // can use them (a BitmapOr); `kind in` implies neither predicate and scans the table.
  const byBet =
    betTxId === null
      ? sql``
      : sql`or (provider = ${provider} and bet_tx_id = ${betTxId} and kind = 'bet')
          or (provider = ${provider} and bet_tx_id = ${betTxId} and kind = 'refund')`;
  return sql`
    select * from ledger_entries
    where (provider = ${provider} and operation = ${operation} and provider_tx_id = ${txId})
      ${byBet}
    order by id`;
}

/**
 * A player's bet by the reference a later call of the provider gives for it: the bet's own id
 * (bet_tx_id), or, when there is no bet of that id, our transaction id (ledger_entries.id)
 * that the bet's answer carried. With `userId`, only that player's own bets: a provider's
 * numeric bet id that happens to equal our id of someone else's bet finds nothing. Without
 * (a win that names no player, decision 061), any player's bet of this provider.
 */
export function betByReferenceQuery(
  provider: string,
  reference: string,
  userId: string | undefined,
): SQL {
  const player = userId === undefined ? sql`` : sql`and user_id = ${userId}::uuid`;
  const ours = /^[1-9][0-9]{0,17}$/.test(reference)
    ? sql`union all
      select *, 2 as rank from ledger_entries
      where id = ${reference}::bigint and provider = ${provider} and kind = 'bet' ${player}`
    : sql``;
  return sql`
    select * from (
      select *, 1 as rank from ledger_entries
      where provider = ${provider} and bet_tx_id = ${reference} and kind = 'bet' ${player}
      ${ours}
    ) found
    order by rank
    limit 1`;
}

/** A player's bets of one provider's round, oldest first (at most `limit`). */
export function roundBetsQuery(
  provider: string,
  roundId: string,
  userId: string,
  limit: number,
): SQL {
  return sql`
    select * from ledger_entries
    where user_id = ${userId}::uuid and round_id = ${roundId} and kind = 'bet'
      and provider = ${provider}
    order by id
    limit ${limit}`;
}

export function walletQuery(userId: string): SQL {
  return sql`select balance, currency, bonus_balance, bonus_id from wallets
    where user_id = ${userId}::uuid`;
}

/**
 * The wallet and the newest ledger row it reflects, in one statement (one snapshot): the live
 * balance stream drops a late notice of a row its first balance already holds.
 */
export function walletSnapshotQuery(userId: string): SQL {
  return sql`select w.balance, w.currency, w.bonus_balance, w.bonus_id,
      (select max(e.id) from ledger_entries e where e.user_id = w.user_id) as last_entry_id
    from wallets w
    where w.user_id = ${userId}::uuid`;
}

/** A player's statement page. Tombstones and zero amounts moved no money: left out. */
export function entriesPageQuery(userId: string, limit: number, before: string | undefined): SQL {
  const older = before === undefined ? sql`` : sql`and id < ${before}::bigint`;
  return sql`
    select * from ledger_entries
    where user_id = ${userId}::uuid and amount <> 0 ${older}
    order by id desc
    limit ${limit}`;
}

export interface ReversalStatement {
  userId: string;
  /** The withdrawal's key (provider 'operator', operation 'withdrawal'); also the reversal's. */
  withdrawalTxId: string;
  reason: string | null;
  actor: string | null;
  request: string;
  meta: string | null;
  now: Date;
}

/**
 * Gives a withdrawal's money back: credits exactly what the withdrawal took, once, to the
 * withdrawal's own player (reverses_entry_id is the withdrawal's row). No row comes back when
 * there is no such withdrawal, it is another player's, or it was reversed before — the
 * ledger_entries_reversal_once index makes "before" hold even for two at the same moment.
 */
export function reversalStatement(r: ReversalStatement): SQL {
  return sql`
    with withdrawal as (
      select id, user_id, amount, currency from ledger_entries
      where provider = 'operator' and operation = 'withdrawal'
        and provider_tx_id = ${r.withdrawalTxId}
    ),
    moved as (
      update wallets w
      set balance = w.balance - (select amount from withdrawal), bonus_moved = 0,
        updated_at = ${r.now.toISOString()}::timestamptz
      where w.user_id = ${r.userId}::uuid
        and exists (
          select 1 from withdrawal
          where withdrawal.user_id = w.user_id and withdrawal.currency = w.currency)
        and not exists (
          select 1 from ledger_entries
          where provider = 'operator' and operation = 'withdrawal_reversal'
            and provider_tx_id = ${r.withdrawalTxId})
      returning w.user_id, w.balance, w.currency, w.bonus_balance, w.bonus_id
    )
    insert into ledger_entries (${entryColumns})
    select moved.user_id, 'withdrawal_reversal', 'applied', -withdrawal.amount,
      moved.balance + withdrawal.amount, moved.balance, moved.currency, 'operator',
      'withdrawal_reversal', ${r.withdrawalTxId}, null, null, null, withdrawal.id, ${r.reason},
      ${r.actor}, ${r.request}::jsonb, ${r.meta}::jsonb, ${r.now.toISOString()}::timestamptz,
      0::bigint, moved.bonus_balance, moved.bonus_id
    from moved join withdrawal on true
    returning *`;
}

/** A withdrawal's row, by its key: what explains a reversal that moved nothing. */
export function withdrawalQuery(withdrawalTxId: string): SQL {
  return sql`
    select * from ledger_entries
    where provider = 'operator' and operation = 'withdrawal'
      and provider_tx_id = ${withdrawalTxId}`;
}
