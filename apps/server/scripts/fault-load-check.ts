import pg from 'pg';
import type { LoadContext, Player } from './fault-load-calls';

/**
 * The end of a fault load: reads the wallets, payments and bonus rows straight from
 * PostgreSQL and writes into the report every balance that differs from what the answers
 * imply, every payment whose row disagrees with the ledger, and every negative balance.
 * `confirmed` holds what the answers moved per player; the deposits left unsettled and the
 * bonuses' net are added to it here.
 */
export async function checkAfterLoad(
  databaseUrl: string,
  players: Player[],
  confirmed: Map<string, bigint>,
  ctx: LoadContext,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: string; balance: string }>(
      `select user_id, balance::text as balance from wallets where user_id = any($1)`,
      [players.map((p) => p.id)],
    );
    const balances = new Map(rows.map((r) => [r.user_id, BigInt(r.balance)]));
    // The deposits answered "declined" or "pending": what their payment says now.
    for (const deposit of ctx.unsettled) {
      const { rows: found } = await client.query<{ status: string }>(
        `select status from payments where user_id = $1 and idempotency_key = $2`,
        [deposit.player.id, deposit.key],
      );
      const status = found[0]?.status ?? 'not stored';
      const label = `answered ${deposit.answered}, now ${status}`;
      ctx.report.depositsUnsettled[label] = (ctx.report.depositsUnsettled[label] ?? 0) + 1;
      if (status === 'succeeded') {
        ctx.report.postings.deposit += 1;
        ctx.credit(deposit.player, deposit.amount);
      }
    }
    const { rows: payments } = await client.query<{
      id: string;
      direction: string;
      status: string;
      posted: boolean;
      reversed: boolean;
    }>(
      `select p.id, p.direction, p.status,
         exists (select 1 from ledger_entries e where e.provider = 'operator'
                   and e.operation = p.direction and e.provider_tx_id = p.id::text) as posted,
         exists (select 1 from ledger_entries e where e.provider = 'operator'
                   and e.operation = 'withdrawal_reversal' and e.provider_tx_id = p.id::text)
           as reversed
       from payments p where p.user_id = any($1)`,
      [players.map((p) => p.id)],
    );
    for (const row of payments) {
      const given = ['canceled', 'rejected', 'failed'].includes(row.status);
      const right =
        row.direction === 'deposit'
          ? row.posted === (row.status === 'succeeded') && !row.reversed
          : row.status === 'requested'
            ? !row.posted && !row.reversed
            : row.posted && row.reversed === given;
      if (!right) {
        ctx.report.paymentsOff.push(
          `${row.direction} ${row.id} is ${row.status}: ` +
            `posted ${row.posted}, given back ${row.reversed}`,
        );
      }
    }
    // Bonus money: granted less forfeited, as the bonus rows say.
    const { rows: bonuses } = await client.query<{ user_id: string; net: string }>(
      `select user_id, (sum(amount) - sum(coalesce(forfeited_amount, 0)))::text as net
       from player_bonuses where user_id = any($1) group by user_id`,
      [players.map((p) => p.id)],
    );
    for (const b of bonuses) {
      const p = players.find((q) => q.id === b.user_id);
      if (p) ctx.credit(p, BigInt(b.net));
    }
    for (const p of players) {
      const balance = balances.get(p.id) ?? 0n;
      if (balance < 0n) ctx.report.negative += 1;
      if (balance !== confirmed.get(p.id)) {
        ctx.report.mismatches.push(
          `${p.id}: ${balance} in the wallet, ${confirmed.get(p.id)} answered`,
        );
      }
    }
  } finally {
    await client.end();
  }
}
