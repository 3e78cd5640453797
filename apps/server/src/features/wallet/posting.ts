import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import { executeNamed } from '../../db/named-statement';
import { uniqueViolation } from '../../db/unique-violation';
import { relatedEntriesQuery, walletQuery } from './ledger-statements';
import { toLedgerEntry, type LedgerRow } from './ledger-rows';
import type { LedgerEntry, PostingResult } from './ledger-types';
import type { WalletEvents } from './wallet-events';
import { CurrencyMismatch, IdempotencyConflict, UnknownPlayer } from './wallet-errors';

/**
 * Running one posting: its statement, and when that moved nothing, finding out why. The
 * statement is the only write; everything here after it is reading.
 */

/** The content a repeat must match, as stored in ledger_entries.request. */
export type PostingRequest = Record<string, string | null>;
export type WalletRow = {
  balance: string;
  currency: string;
  bonus_balance: string;
  bonus_id: string | null;
};
/** A replay's answer, or 'retry' when nothing explains the miss (a race that just settled). */
export type Verdict = PostingResult | 'retry';

export interface Posting {
  statement: SQL;
  userId: string;
  provider: string;
  operation: string;
  txId: string;
  /** Bets and refunds: the bet id whose tombstone, refund or bet row may explain a miss. */
  betTxId: string | null;
  request: PostingRequest;
  /**
   * Run first, in one transaction with the statement (refunds: the wallet's row lock, so the
   * statement's snapshot sees every win that committed before it). Null: the statement alone.
   */
  prelude: SQL | null;
  /** The caller's step in the statement's transaction (an adjustment's audit row). */
  inTransaction?: InTransaction<LedgerEntry> | undefined;
  /**
   * More rows that may explain a miss, appended to the related ones (refunds: a settling win;
   * a withdrawal's reversal: its withdrawal).
   */
  moreRelated: SQL | null;
  /** Throws the WalletError that explains the miss, returns the replay, or 'retry'. */
  explain(related: LedgerRow[], wallet: WalletRow | undefined): Verdict;
}

// A race (a bet and its tombstone, two first refunds) settles in one retry; three is ample.
const maxAttempts = 3;
const ourUniqueIndexes = new Set([
  'ledger_entries_idempotency_key',
  'ledger_entries_bet_once',
  'ledger_entries_refund_once',
  'ledger_entries_reversal_once',
]);

export async function runPosting(
  db: Database,
  events: WalletEvents,
  posting: Posting,
): Promise<PostingResult> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    let row: LedgerRow | undefined;
    try {
      row = await runStatement(db, posting);
    } catch (error) {
      // A concurrent posting took the key first: the statement (and its balance change)
      // rolled back as a whole. Any other failure is not ours to interpret.
      const index = uniqueViolation(error);
      if (index === undefined || !ourUniqueIndexes.has(index)) throw error;
    }
    if (row) {
      const entry = toLedgerEntry(row);
      // After the statement returned, i.e. committed: a listener never sees a rolled-back move.
      events.announceCommitted(entry);
      return resultOf(entry, 'applied', entry.balanceAfter);
    }
    const { related, wallet } = await readRelated(db, posting);
    const verdict = posting.explain(related, wallet);
    if (verdict !== 'retry') return verdict;
  }
  throw new Error(`Posting ${posting.provider}/${posting.txId} did not settle`);
}

/**
 * The posting's statement, in one transaction with its prelude and the caller's step when
 * it has them (the step only when the statement moved something).
 */
async function runStatement(db: Database, posting: Posting): Promise<LedgerRow | undefined> {
  const { prelude, inTransaction } = posting;
  if (prelude === null && inTransaction === undefined) {
    return (await executeNamed<LedgerRow>(db, posting.statement)).rows[0];
  }
  return db.transaction(async (tx) => {
    if (prelude !== null) await tx.execute(prelude);
    const row = (await tx.execute<LedgerRow>(posting.statement)).rows[0];
    if (row && inTransaction) await inTransaction(tx, toLedgerEntry(row));
    return row;
  });
}

/** What finds a posting's related rows: its key, its bet, its content and its more rows. */
type PostingKey = Pick<
  Posting,
  'userId' | 'provider' | 'operation' | 'txId' | 'betTxId' | 'request' | 'moreRelated'
>;

/** The rows and the wallet that explain a posting that moved nothing (reads only). */
async function readRelated(
  db: Database,
  posting: PostingKey,
): Promise<{ related: LedgerRow[]; wallet: WalletRow | undefined }> {
  const [related, more, wallet] = await Promise.all([
    db.execute<LedgerRow>(
      relatedEntriesQuery(posting.provider, posting.operation, posting.txId, posting.betTxId),
    ),
    posting.moreRelated === null
      ? Promise.resolve({ rows: [] as LedgerRow[] })
      : db.execute<LedgerRow>(posting.moreRelated),
    db.execute<WalletRow>(walletQuery(posting.userId)),
  ]);
  return { related: [...related.rows, ...more.rows], wallet: wallet.rows[0] };
}

/** Reads only: the replay of `posting` if its key was applied before, else undefined. */
export async function findReplay(
  db: Database,
  posting: PostingKey,
): Promise<PostingResult | undefined> {
  const { related, wallet } = await readRelated(db, posting);
  return replayOf(posting, related, wallet);
}

/**
 * The row holding this posting's key, answered as a replay when the content matches, or
 * refused as a conflict naming the fields that differ. Undefined: the key is free.
 */
export function replayOf(
  posting: Pick<Posting, 'provider' | 'operation' | 'txId' | 'userId' | 'request'>,
  related: LedgerRow[],
  wallet: WalletRow | undefined,
): PostingResult | undefined {
  const same = related.find(
    (r) =>
      r.provider === posting.provider &&
      r.operation === posting.operation &&
      r.provider_tx_id === posting.txId,
  );
  if (!same) return undefined;
  const first = replayedFrom(same, posting.userId, wallet);
  const fields = differingFields(same.request, posting.request);
  if (fields.length > 0) throw new IdempotencyConflict(fields, first);
  return first;
}

/** A stored row as "the first answer again", with the wallet's balance now. */
export function replayedFrom(
  row: LedgerRow,
  userId: string,
  wallet: WalletRow | undefined,
): PostingResult {
  // The wallet read is the posting's player's; another player's row keeps its own balance.
  const balance =
    wallet && row.user_id === userId ? BigInt(wallet.balance) : BigInt(row.balance_after);
  return resultOf(toLedgerEntry(row), 'replayed', balance);
}

export function resultOf(
  entry: LedgerEntry,
  outcome: PostingResult['outcome'],
  balance: bigint,
): PostingResult {
  return {
    outcome,
    status: entry.status,
    transactionId: entry.id,
    balanceAfter: entry.balanceAfter,
    balance,
    currency: entry.currency,
    entry,
  };
}

/** The wallet's balance, or the reason this posting cannot touch the wallet. */
export function checkWallet(
  userId: string,
  currency: string | null,
  wallet: WalletRow | undefined,
): bigint {
  if (!wallet) throw new UnknownPlayer(userId);
  if (currency !== null && wallet.currency !== currency) {
    throw new CurrencyMismatch(wallet.currency, currency);
  }
  return BigInt(wallet.balance);
}

function differingFields(stored: unknown, now: PostingRequest): string[] {
  const first = (stored ?? {}) as PostingRequest;
  const keys = new Set([...Object.keys(first), ...Object.keys(now)]);
  return [...keys].filter((key) => (first[key] ?? null) !== (now[key] ?? null)).sort();
}
