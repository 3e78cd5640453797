import { sql, type SQL } from 'drizzle-orm';

/** A row an invariant's query returned: what broke, in the database's own words. */
export type CheckRow = Record<string, unknown>;

/** One invariant of `ledger:check`: a query that returns the offending rows, and their words. */
export interface LedgerCheck {
  name: string;
  description: string;
  query: SQL;
  describe: (row: CheckRow) => string;
}

/** A value of an offending row, for a message. */
export function str(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : JSON.stringify(value);
}

/** A wallet's pocket and the ledger columns that move it and say what it became. */
const pockets = {
  cash: { balance: 'balance', amount: 'amount', after: 'balance_after' },
  bonus: { balance: 'bonus_balance', amount: 'bonus_amount', after: 'bonus_after' },
} as const;

/**
 * The wallets whose pocket (cash or bonus) is not the sum of its ledger rows or not its last
 * row's after-value, or that `also` names; each with the pocket (under its column's name),
 * `total` and `last_after`.
 */
export function pocketOffLedger(pocket: keyof typeof pockets, also?: SQL): SQL {
  const { balance, amount, after } = pockets[pocket];
  const [b, a, af] = [sql.raw(balance), sql.raw(amount), sql.raw(after)];
  return sql`
      with sums as (
        select user_id, sum(${a}) as total from ledger_entries group by user_id
      ), last as (
        select distinct on (user_id) user_id, ${af} from ledger_entries
        order by user_id, id desc
      )
      select w.user_id, w.${b}, coalesce(s.total, 0) as total, l.${af} as last_after
      from wallets w
      left join sums s on s.user_id = w.user_id
      left join last l on l.user_id = w.user_id
      where w.${b} <> coalesce(s.total, 0) or w.${b} <> coalesce(l.${af}, 0)${
        also ? sql` or ${also}` : sql``
      }`;
}
