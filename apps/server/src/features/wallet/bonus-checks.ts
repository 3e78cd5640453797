import { sql } from 'drizzle-orm';
import { pocketOffLedger, str as s, type LedgerCheck } from './ledger-check-query';

/** The bonus pocket's invariants (docs/decisions/039), part of ledger:check. */
export const bonusChecks: LedgerCheck[] = [
  {
    name: 'bonus-equals-ledger',
    description:
      "every wallet's bonus pocket equals the sum of its rows' bonus_amount and its last bonus_after",
    query: pocketOffLedger('bonus', sql`w.bonus_balance < 0 or w.bonus_balance > w.balance`),
    describe: (r) =>
      `wallet ${s(r.user_id)}: bonus ${s(r.bonus_balance)}, ledger sum ${s(r.total)}, ` +
      `last bonus_after ${s(r.last_after ?? 'none')}`,
  },
  {
    name: 'bonus-chain',
    description:
      "each row's bonus before (bonus_after - bonus_amount) is the previous row's bonus_after, " +
      'and 0 <= bonus_after <= balance_after',
    query: sql`
      select user_id, id, bonus_amount, bonus_after, previous_after from (
        select user_id, id, bonus_amount, bonus_after, balance_after,
          lag(bonus_after) over (partition by user_id order by id) as previous_after
        from ledger_entries
      ) chain
      where bonus_after - bonus_amount <> coalesce(previous_after, 0)
        or bonus_after < 0 or bonus_after > balance_after`,
    describe: (r) =>
      `entry ${s(r.id)} of ${s(r.user_id)}: bonus ${s(r.bonus_amount)} to ${s(r.bonus_after)}, ` +
      `previous ${s(r.previous_after ?? 'none')}`,
  },
  {
    name: 'bonus-split',
    description:
      'a bet spends bonus only after all cash; a win or refund moves at most its amount of ' +
      "bonus; a refund restores its bet's bonus part or none; cashier rows move no bonus",
    query: sql`
      select e.id, e.kind, e.amount, e.bonus_amount from ledger_entries e
      left join ledger_entries b on b.id = e.reverses_entry_id and e.kind = 'refund'
      where (e.kind = 'bet' and e.bonus_amount <> 0 and e.balance_after <> e.bonus_after)
        or (e.kind in ('bet', 'win', 'refund')
          and (sign(e.bonus_amount) * sign(e.amount) < 0 or abs(e.bonus_amount) > abs(e.amount)))
        or (e.kind = 'refund' and e.status = 'applied'
          and e.bonus_amount <> 0 and e.bonus_amount <> -b.bonus_amount)
        or (e.kind in ('deposit', 'withdrawal', 'withdrawal_reversal', 'adjustment')
          and e.bonus_amount <> 0)`,
    describe: (r) =>
      `${s(r.kind)} ${s(r.id)}: amount ${s(r.amount)}, bonus part ${s(r.bonus_amount)}`,
  },
  {
    name: 'bonus-postings',
    description:
      'bonus rows are the operator\u2019s, keyed on their bonus: a grant credits the pocket, ' +
      'a conversion or forfeit empties it, and each bonus is granted once and ended once',
    query: sql`
      select id, operation, provider_tx_id, amount, bonus_amount, 'row' as what
      from ledger_entries
      where kind = 'bonus' and (provider <> 'operator'
        or operation not in ('bonus_grant', 'bonus_convert', 'bonus_forfeit')
        or bonus_id is null or provider_tx_id <> bonus_id::text
        or (operation = 'bonus_grant' and (amount <= 0 or bonus_amount <> amount))
        or (operation <> 'bonus_grant' and (bonus_after <> 0 or bonus_amount > 0
          or amount > 0 or amount < bonus_amount)))
      union all
      select null, 'ended twice', provider_tx_id, null, null, 'bonus' from ledger_entries
      where kind = 'bonus' and operation in ('bonus_convert', 'bonus_forfeit')
      group by provider_tx_id having count(*) > 1`,
    describe: (r) =>
      `${s(r.operation)} ${s(r.id ?? '')} of bonus ${s(r.provider_tx_id)}: amount ` +
      `${s(r.amount ?? '-')}, bonus ${s(r.bonus_amount ?? '-')}`,
  },
  {
    name: 'bonus-active',
    description:
      "a wallet's active bonus is granted, not ended, and is the player's one active bonus",
    query: sql`
      select w.user_id, pb.user_id as pb_user_id, w.bonus_id, pb.id as active_id from wallets w
      full join (select id, user_id from player_bonuses where status = 'active') pb
        on pb.user_id = w.user_id
      where coalesce(w.bonus_id, -1) <> coalesce(pb.id, -1)
        or (w.bonus_id is not null and (
          not exists (select 1 from ledger_entries g where g.kind = 'bonus'
            and g.operation = 'bonus_grant' and g.provider_tx_id = w.bonus_id::text
            and g.user_id = w.user_id)
          or exists (select 1 from ledger_entries e where e.kind = 'bonus'
            and e.operation in ('bonus_convert', 'bonus_forfeit')
            and e.provider_tx_id = w.bonus_id::text)))`,
    describe: (r) =>
      `wallet ${s(r.user_id ?? r.pb_user_id)}: active bonus ${s(r.bonus_id ?? 'none')}, ` +
      `player_bonuses says ${s(r.active_id ?? 'none')}`,
  },
  {
    // The running sum of migration 0032 (decision 103) against the ledger it sums: the read
    // that wagering was before, per bet, now run here only.
    name: 'bonus-wagered',
    description:
      "every claim's wagered equals the sum of wager_counted over its bets that were not refunded",
    query: sql`
      select pb.id, pb.user_id, pb.wagered, coalesce(s.total, 0) as total
      from player_bonuses pb
      left join (
        select b.bonus_id, sum(b.wager_counted) as total from ledger_entries b
        where b.kind = 'bet' and b.bonus_id is not null
          and not exists (select 1 from ledger_entries r
            where r.kind = 'refund' and r.reverses_entry_id = b.id)
        group by b.bonus_id
      ) s on s.bonus_id = pb.id
      where pb.wagered <> coalesce(s.total, 0)`,
    describe: (r) =>
      `bonus ${s(r.id)} of ${s(r.user_id)}: wagered ${s(r.wagered)}, ` +
      `its un-refunded bets counted ${s(r.total)}`,
  },
  {
    // What each bet counted: the claim's rule (0 over its max bet, else |bet| x the percent
    // of a category / 100, integer division; 0 for a category it does not name). The game's
    // category now gives the exact value unless the game was moved since, which the ledger
    // cannot tell; a value that is not the current category's must still be one the claim's
    // terms give for some category, so a legitimate move is never reported.
    name: 'bonus-wager-counted',
    description:
      "a bet with a bonus counted what its claim's max bet and contributions give for it " +
      '(its game\u2019s category, or one the game was moved from); no other row counts',
    query: sql`
      select b.id, b.kind, b.bonus_id, b.amount, b.wager_counted, f.formula
      from ledger_entries b
      left join player_bonuses pb on pb.id = b.bonus_id and b.kind = 'bet'
      left join games g on g.provider = b.provider and g.provider_game_id = b.game_id
      cross join lateral (select case when -b.amount > pb.max_bet then 0::bigint
        else -b.amount * coalesce((pb.contributions ->> g.category)::int, 0) / 100
        end as formula) f
      where (b.wager_counted is not null or (b.kind = 'bet' and b.bonus_id is not null))
        and (
          (pb.id is null and b.wager_counted is not null)
          or (pb.id is not null and (b.wager_counted is null
            or (b.wager_counted <> f.formula and not (-b.amount <= pb.max_bet
              and (b.wager_counted = 0 or exists (
                select 1 from jsonb_each_text(pb.contributions) c
                where -b.amount * c.value::int / 100 = b.wager_counted)))))))`,
    describe: (r) =>
      `${s(r.kind)} ${s(r.id)} of bonus ${s(r.bonus_id ?? 'none')}: amount ${s(r.amount)}, ` +
      `counted ${s(r.wager_counted ?? 'nothing')}, the claim's terms give ${s(r.formula ?? 'nothing')}`,
  },
];
