import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bonusChecks } from './bonus-checks';
import { pocketOffLedger, str, type CheckRow, type LedgerCheck } from './ledger-check-query';

/**
 * The ledger's invariants, checked from the database alone (`npm run ledger:check`, and the
 * tests after every attack). Each check is one query that returns the offending rows, so a
 * clean ledger costs a few full scans and a broken one names what broke.
 */
export interface LedgerCheckReport {
  counts: {
    wallets: number;
    entries: number;
    tombstones: number;
    refunds: number;
    deposits: number;
    withdrawals: number;
    reversals: number;
  };
  checks: CheckOutcome[];
  ok: boolean;
}

export interface CheckOutcome {
  name: string;
  description: string;
  /** How many offending rows (0 when it holds). */
  failures: number;
  /** The first few, in words. */
  examples: string[];
}

const exampleLimit = 10;
const checks: LedgerCheck[] = [
  {
    name: 'balance-equals-ledger',
    description:
      'every wallet balance equals the sum of its ledger rows and its last balance_after',
    query: pocketOffLedger('cash'),
    describe: (r) =>
      `wallet ${str(r.user_id)}: balance ${str(r.balance)}, ledger sum ${str(r.total)}, ` +
      `last balance_after ${str(r.last_after ?? 'none')}`,
  },
  {
    name: 'no-negative-balance',
    description: 'no wallet balance and no balance_after is negative',
    query: sql`
      select 'wallet' as what, user_id, null as id, balance from wallets where balance < 0
      union all
      select 'entry', user_id, id, balance_after from ledger_entries where balance_after < 0`,
    describe: (r) => `${str(r.what)} ${str(r.id ?? r.user_id)}: negative balance ${str(r.balance)}`,
  },
  {
    name: 'chain',
    description: "each row's balance_before is the previous row's balance_after, per wallet",
    query: sql`
      select user_id, id, amount, balance_before, balance_after, previous_after from (
        select user_id, id, amount, balance_before, balance_after,
          lag(balance_after) over (partition by user_id order by id) as previous_after
        from ledger_entries
      ) chain
      where balance_before <> coalesce(previous_after, 0)
        or balance_after <> balance_before + amount`,
    describe: (r) =>
      `entry ${str(r.id)} of ${str(r.user_id)}: before ${str(r.balance_before)}, ` +
      `after ${str(r.balance_after)}, amount ${str(r.amount)}, ` +
      `previous after ${str(r.previous_after ?? 'none (should start at 0)')}`,
  },
  {
    name: 'applied-once',
    description: 'no provider transaction key is applied twice',
    query: sql`
      select provider, operation, provider_tx_id, count(*) as n from ledger_entries
      group by provider, operation, provider_tx_id having count(*) > 1`,
    describe: (r) =>
      `${str(r.provider)}/${str(r.operation)}/${str(r.provider_tx_id)} appears ${str(r.n)} times`,
  },
  {
    name: 'bet-refund-tombstone',
    description:
      'a bet id has at most one bet, at most one refund, and never a bet and a tombstone',
    query: sql`
      select provider, bet_tx_id,
        count(*) filter (where kind = 'bet') as bets,
        count(*) filter (where kind = 'refund') as refunds,
        count(*) filter (where status = 'tombstone') as tombstones
      from ledger_entries where kind in ('bet', 'refund')
      group by provider, bet_tx_id
      having count(*) filter (where kind = 'bet') > 1
        or count(*) filter (where kind = 'refund') > 1
        or (count(*) filter (where kind = 'bet') > 0
          and count(*) filter (where status = 'tombstone') > 0)`,
    describe: (r) =>
      `${str(r.provider)} bet ${str(r.bet_tx_id)}: ${str(r.bets)} bets, ${str(r.refunds)} ` +
      `refunds, ${str(r.tombstones)} tombstones`,
  },
  {
    name: 'refund-matches-bet',
    description: "an applied refund credits exactly its bet's amount to the bet's player",
    query: sql`
      select r.id, r.provider, r.bet_tx_id, r.amount, b.amount as bet_amount
      from ledger_entries r
      left join ledger_entries b on b.id = r.reverses_entry_id
      where r.kind = 'refund' and r.status = 'applied'
        and (b.id is null or b.kind <> 'bet' or b.user_id <> r.user_id
          or b.provider <> r.provider or b.bet_tx_id <> r.bet_tx_id or b.amount <> -r.amount)`,
    describe: (r) =>
      `refund ${str(r.id)} of ${str(r.provider)} bet ${str(r.bet_tx_id)}: credits ` +
      `${str(r.amount)}, bet ${r.bet_amount === null ? 'not found' : `was ${str(r.bet_amount)}`}`,
  },
  {
    name: 'reversal-matches-withdrawal',
    description:
      "a withdrawal reversal gives back exactly its withdrawal's amount, to its player, once",
    query: sql`
      select r.id, r.provider_tx_id, r.amount, w.amount as withdrawal_amount
      from ledger_entries r
      left join ledger_entries w on w.id = r.reverses_entry_id
      where r.kind = 'withdrawal_reversal'
        and (w.id is null or w.kind <> 'withdrawal' or w.user_id <> r.user_id
          or w.provider_tx_id <> r.provider_tx_id or w.amount <> -r.amount
          or (select count(*) from ledger_entries o
              where o.kind = 'withdrawal_reversal' and o.reverses_entry_id = w.id) > 1)`,
    describe: (r) =>
      `reversal ${str(r.id)} of withdrawal ${str(r.provider_tx_id)}: credits ${str(r.amount)}, ` +
      `withdrawal ${r.withdrawal_amount === null ? 'not found' : `was ${str(r.withdrawal_amount)}`}`,
  },
  {
    name: 'cashier-postings',
    description:
      'deposits and withdrawals are our own postings (provider operator) of a non-zero amount',
    query: sql`
      select id, kind, provider, amount from ledger_entries
      where kind in ('deposit', 'withdrawal', 'withdrawal_reversal')
        and (provider <> 'operator' or operation <> kind or amount = 0)`,
    describe: (r) => `${str(r.kind)} ${str(r.id)} by ${str(r.provider)} of ${str(r.amount)}`,
  },
  {
    name: 'has-wallet',
    description: 'every ledger row belongs to an existing wallet',
    query: sql`
      select e.user_id, count(*) as n from ledger_entries e
      where not exists (select 1 from wallets w where w.user_id = e.user_id)
      group by e.user_id`,
    describe: (r) => `${str(r.n)} entries of ${str(r.user_id)}, which has no wallet`,
  },
  {
    name: 'currency',
    description: "every row is in its wallet's currency",
    query: sql`
      select e.id, e.currency, w.currency as wallet_currency
      from ledger_entries e join wallets w on w.user_id = e.user_id
      where e.currency <> w.currency`,
    describe: (r) =>
      `entry ${str(r.id)} in ${str(r.currency)}, wallet in ${str(r.wallet_currency)}`,
  },
];

// The bonus pocket's invariants (docs/decisions/039) run with the rest.
checks.push(...bonusChecks);

export async function checkLedger(db: Database): Promise<LedgerCheckReport> {
  const countRows = await db.execute<CheckRow>(sql`
    select
      (select count(*) from wallets) as wallets,
      (select count(*) from ledger_entries) as entries,
      (select count(*) from ledger_entries where status = 'tombstone') as tombstones,
      (select count(*) from ledger_entries where kind = 'refund' and status = 'applied') as refunds,
      (select count(*) from ledger_entries where kind = 'deposit') as deposits,
      (select count(*) from ledger_entries where kind = 'withdrawal') as withdrawals,
      (select count(*) from ledger_entries where kind = 'withdrawal_reversal') as reversals`);
  const c = countRows.rows[0] ?? {};
  const outcomes: CheckOutcome[] = [];
  for (const check of checks) {
    const { rows } = await db.execute<CheckRow>(check.query);
    outcomes.push({
      name: check.name,
      description: check.description,
      failures: rows.length,
      examples: rows.slice(0, exampleLimit).map(check.describe),
    });
  }
  return {
    counts: {
      wallets: Number(c.wallets),
      entries: Number(c.entries),
      tombstones: Number(c.tombstones),
      refunds: Number(c.refunds),
      deposits: Number(c.deposits),
      withdrawals: Number(c.withdrawals),
      reversals: Number(c.reversals),
    },
    checks: outcomes,
    ok: outcomes.every((o) => o.failures === 0),
  };
}

/** The report as the command prints it. */
export function formatLedgerReport(report: LedgerCheckReport): string {
  const { counts } = report;
  const lines = [
    `checked ${counts.wallets} wallets and ${counts.entries} ledger entries ` +
      `(${counts.refunds} refunds, ${counts.tombstones} tombstones, ${counts.deposits} deposits, ` +
      `${counts.withdrawals} withdrawals, ${counts.reversals} withdrawal reversals)`,
  ];
  for (const check of report.checks) {
    const mark = check.failures === 0 ? 'ok  ' : 'FAIL';
    lines.push(`${mark} ${check.name}: ${check.description}`);
    if (check.failures > 0) {
      lines.push(`       ${check.failures} discrepancies, e.g.:`);
      for (const example of check.examples) lines.push(`       - ${example}`);
    }
  }
  lines.push(report.ok ? 'ledger is consistent' : 'LEDGER IS INCONSISTENT');
  return lines.join('\n');
}
