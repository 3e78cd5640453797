import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { entryColumns, relatedEntriesQuery, walletQuery } from './ledger-statements';
import { toLedgerEntry, type LedgerRow } from './ledger-rows';
import type { BonusOperation, BonusPostingInput, PostingResult } from './ledger-types';
import { checkWallet, replayOf, resultOf, type WalletRow } from './posting';
import {
  checkId,
  checkMagnitude,
  checkUserId,
  maxReasonLength,
  metaJson,
  operatorProvider,
  checkText,
} from './posting-validation';
import { BonusNotActive, InvalidPosting } from './wallet-errors';

/**
 * Bonus money in and out of the wallet's pocket (docs/decisions/039): a grant credits the
 * total and the pocket and makes the bonus the wallet's active one; a conversion turns the
 * pocket into cash up to a cap and debits the rest; a forfeit debits the pocket. Each is one
 * statement keyed on (operator, operation, bonus id); conversion and forfeit both need the
 * bonus to be the wallet's active one, so a bonus ends once, whichever comes first.
 */

interface BonusMovement {
  operation: BonusOperation;
  userId: string;
  bonusId: string;
  amount: bigint | null;
  maxCashout: bigint | null;
  actor: string;
  meta: string | null;
  request: Record<string, string | null>;
}

export function bonusMovement(input: BonusPostingInput): BonusMovement {
  const userId = checkUserId(input.userId);
  const bonusId = checkId('bonusId', input.bonusId);
  if (!/^[1-9]\d{0,18}$/.test(bonusId)) throw new InvalidPosting('bonusId must be an id');
  let amount: bigint | null = null;
  let maxCashout: bigint | null = null;
  if (input.operation === 'bonus_grant') {
    amount = checkMagnitude(input.amount ?? 0n);
    if (amount === 0n) throw new InvalidPosting('A bonus grant of 0 moves nothing');
  } else if (input.operation === 'bonus_convert') {
    maxCashout =
      input.maxCashout === undefined || input.maxCashout === null
        ? null
        : checkMagnitude(input.maxCashout);
  }
  return {
    operation: input.operation,
    userId,
    bonusId,
    amount,
    maxCashout,
    actor: checkText('actor', input.actor, maxReasonLength),
    meta: metaJson(input.meta),
    request: {
      userId,
      bonusId,
      amount: amount?.toString() ?? null,
      maxCashout: maxCashout?.toString() ?? null,
    },
  };
}

export function bonusStatement(b: BonusMovement, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const id = sql`${b.bonusId}::bigint`;
  const keyFree = sql`not exists (select 1 from ledger_entries
    where provider = ${operatorProvider} and operation = ${b.operation}
      and provider_tx_id = ${b.bonusId})`;
  let update: SQL;
  // The row's amount, from the moved wallet (new values and the part it moved).
  let amount: SQL;
  if (b.operation === 'bonus_grant') {
    const x = sql`${(b.amount ?? 0n).toString()}::bigint`;
    update = sql`update wallets set balance = balance + ${x}, bonus_balance = bonus_balance + ${x},
        bonus_moved = ${x}, bonus_id = ${id}, updated_at = ${at}
      where user_id = ${b.userId}::uuid and bonus_id is null and ${keyFree}`;
    amount = sql`bonus_moved`;
  } else {
    const cap = sql`coalesce(${b.maxCashout?.toString() ?? null}::bigint, bonus_balance)`;
    const lost =
      b.operation === 'bonus_convert'
        ? sql`greatest(0::bigint, bonus_balance - ${cap})`
        : sql`bonus_balance`;
    update = sql`update wallets set balance = balance - ${lost}, bonus_moved = -bonus_balance,
        bonus_balance = 0, bonus_id = null, updated_at = ${at}
      where user_id = ${b.userId}::uuid and bonus_id = ${id} and ${keyFree}`;
    amount =
      b.operation === 'bonus_convert'
        ? sql`-greatest(0::bigint, -bonus_moved - coalesce(${b.maxCashout?.toString() ?? null}::bigint, -bonus_moved))`
        : sql`bonus_moved`;
  }
  return sql`
    with moved as (${update} returning user_id, balance, currency, bonus_balance, bonus_moved),
    row as (select *, ${amount} as delta from moved)
    insert into ledger_entries (${entryColumns})
    select user_id, 'bonus', 'applied', delta, balance - delta, balance, currency,
      ${operatorProvider}, ${b.operation}, ${b.bonusId}, null, null, null, null::bigint, null,
      ${b.actor}, ${JSON.stringify(b.request)}::jsonb, ${b.meta}::jsonb, ${at}, bonus_moved,
      bonus_balance, ${id}
    from row
    returning *`;
}

/** Locks the wallet's row for the rest of the transaction and reads it. */
export function lockedWalletQuery(userId: string): SQL {
  return sql`select balance, currency, bonus_balance, bonus_id from wallets
    where user_id = ${userId}::uuid for update`;
}

/**
 * Runs a bonus movement inside a transaction that already holds the wallet's row lock: no
 * concurrent posting can take its key or change the wallet until commit, so a statement that
 * moved nothing is a replay, a conflict, or a wallet whose active bonus does not allow it.
 */
export async function runBonusMovement(
  tx: Database,
  b: BonusMovement,
  now: Date,
): Promise<PostingResult> {
  const { rows } = await tx.execute<LedgerRow>(bonusStatement(b, now));
  const row = rows[0];
  if (row) {
    const entry = toLedgerEntry(row);
    return resultOf(entry, 'applied', entry.balanceAfter);
  }
  const [related, wallets] = await Promise.all([
    tx.execute<LedgerRow>(relatedEntriesQuery(operatorProvider, b.operation, b.bonusId, null)),
    tx.execute<WalletRow>(walletQuery(b.userId)),
  ]);
  const wallet = wallets.rows[0];
  const keyed = {
    provider: operatorProvider,
    operation: b.operation,
    txId: b.bonusId,
    userId: b.userId,
    request: b.request,
  };
  const replay = replayOf(keyed, related.rows, wallet);
  if (replay) return replay;
  checkWallet(b.userId, null, wallet);
  throw new BonusNotActive(b.bonusId, wallet?.bonus_id == null ? null : String(wallet.bonus_id));
}
