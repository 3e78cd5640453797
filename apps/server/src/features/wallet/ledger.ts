import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import {
  betByReferenceQuery,
  entriesPageQuery,
  roundBetsQuery,
  walletQuery,
  walletSnapshotQuery,
} from './ledger-statements';
import { toLedgerEntry, type LedgerRow } from './ledger-rows';
import { bonusMovement, lockedWalletQuery, runBonusMovement } from './bonus-posting';
import type {
  AdjustmentInput,
  BonusPostingInput,
  BetInput,
  LedgerEntry,
  OperatorMovementInput,
  PostingResult,
  ProviderAdjustmentInput,
  RefundInput,
  BalanceSnapshot,
  WalletBalance,
  WinInput,
  WithdrawalReversalInput,
} from './ledger-types';
import { betApply, winApply } from './bet-win-apply';
import { createGroupCommit } from './group-commit';
import { movementPosting } from './movement-posting';
import { findReplay, runPosting, type Posting, type WalletRow } from './posting';
import {
  checkCurrency,
  checkEntryId,
  checkId,
  checkMagnitude,
  checkOptionalId,
  checkProvider,
  checkSignedAmount,
  checkText,
  checkUserId,
  checkWinOperation,
  maxReasonLength,
  metaJson,
  operatorProvider,
} from './posting-validation';
import { refundPosting } from './refund-posting';
import { reversalPosting } from './reversal-posting';
import { WalletEvents } from './wallet-events';
import { createBalancePublisher } from './balance-publisher';
import { InvalidPosting, UnknownPlayer } from './wallet-errors';

/**
 * The ledger: the only code that changes money. Every posting is one SQL statement
 * (ledger-statements.ts) run by posting.ts; this file checks the input and builds the
 * posting. README.md is the contract provider adapters rely on. Every method is async, so a
 * bad input rejects like any other refusal instead of throwing synchronously.
 */
export interface Ledger {
  /**
   * Debits a bet. Refusals: InsufficientFunds, BetCancelled, IdempotencyConflict,
   * BetNotAdmitted (its `admission` condition was false), …
   */
  postBet(input: BetInput): Promise<PostingResult>;
  /**
   * The first answer to this bet if it was already applied (same key, same content), without
   * posting anything: for a retry that arrives after the game session ended, which must get
   * its first answer rather than a refusal the provider would never refund. Undefined when
   * the key is free; IdempotencyConflict when it holds other content.
   */
  replayOfBet(input: BetInput): Promise<PostingResult | undefined>;
  /** Credits a win (0 allowed). Never refused for business reasons. */
  postWin(input: WinInput): Promise<PostingResult>;
  /**
   * Cancels a bet: credits it back once, or leaves a tombstone if the bet is unknown.
   * Refusals: BetAlreadySettled (a win already settled the bet's round), RefundMismatch,
   * BetAlreadyRefunded (answer from its `first`), IdempotencyConflict, …
   */
  postRefund(input: RefundInput): Promise<PostingResult>;
  /**
   * A provider's signed re-settlement (Pragmatic's live-casino `adjustment`): a debit below
   * zero is InsufficientFunds; the same key again is a replay. Provider, not operator.
   */
  postProviderAdjustment(input: ProviderAdjustmentInput): Promise<PostingResult>;
  /** An operator's signed correction with a reason; a debit below zero is refused. */
  postAdjustment(input: AdjustmentInput): Promise<PostingResult>;
  /**
   * Adjustments, deposits and withdrawals (the cashier: key = the payment's id), and later
   * bonuses. A withdrawal over the balance is refused with InsufficientFunds inside its one
   * statement, so concurrent withdrawals can never overdraw.
   */
  postOperatorMovement(input: OperatorMovementInput): Promise<PostingResult>;
  /**
   * Reads only: the first answer to this movement if its key was already applied with the
   * same content, without posting anything (the cashier finishing a payment row whose
   * posting committed before the process stopped). Undefined when the key is free;
   * IdempotencyConflict when it holds other content.
   */
  replayOfOperatorMovement(input: OperatorMovementInput): Promise<PostingResult | undefined>;
  /**
   * Reads only: a player's bet named by a later call of its provider (a win naming the bet it
   * pays), by the provider's own bet id, else by the transaction id we answered for it.
   * Undefined: no such bet of this player. Without `userId`, any player's bet of that
   * provider (a win in a shape that names no player, decision 061).
   */
  findBet(provider: string, reference: string, userId?: string): Promise<LedgerEntry | undefined>;
  /** Reads only: a player's bets of one provider's round, oldest first, at most `limit`. */
  findRoundBets(
    provider: string,
    roundId: string,
    userId: string,
    limit: number,
  ): Promise<LedgerEntry[]>;
  /**
   * Gives a withdrawal's money back (cancelled, rejected, payout failed): exactly its amount,
   * once, to its player. Refusals: WithdrawalNotFound, IdempotencyConflict.
   */
  postWithdrawalReversal(input: WithdrawalReversalInput): Promise<PostingResult>;
  /** Throws UnknownPlayer for a player without a wallet. */
  getBalance(userId: string): Promise<WalletBalance>;
  /** The balance and the newest ledger row it reflects, read together (the live stream). */
  getBalanceSnapshot(userId: string): Promise<BalanceSnapshot>;
  /** A player's own movements of money, newest first, by keyset page. */
  listEntries(userId: string, page: EntryPage): Promise<EntryList>;
  /**
   * One transaction that holds the player's wallet row lock from its start (the bonus
   * feature's claims, conversions and forfeits): `work` reads and writes its own rows with
   * `tx.db` and moves bonus money with `tx.post`, all committed together or not at all.
   * Balance events fire after the commit. Refusals: UnknownPlayer, BonusNotActive, …
   */
  inBonusTransaction<T>(userId: string, work: (tx: BonusTransaction) => Promise<T>): Promise<T>;
  readonly events: WalletEvents;
}

export interface BonusTransaction {
  /** The transaction, for the caller's own rows. */
  readonly db: Database;
  /** The wallet as locked at the start. */
  readonly wallet: WalletBalance;
  /** A bonus movement in this transaction; a repeat of its key answers the first. */
  post(input: Omit<BonusPostingInput, 'userId'>): Promise<PostingResult>;
  /**
   * The cashier's withdrawal debit, in this same transaction (the same statement as
   * postOperatorMovement): a withdrawal that forfeits the active bonus first (decision 062)
   * commits both or neither, and no bet or win of the player can come between them.
   */
  postWithdrawal(input: Omit<OperatorMovementInput, 'userId' | 'kind'>): Promise<PostingResult>;
}

export interface EntryPage {
  limit: number;
  /** An entry id: only older entries. */
  before?: string;
}

export interface EntryList {
  entries: LedgerEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: string | null;
}

export interface LedgerDeps {
  db: Database;
  clock: Clock;
  /** Where a failing balance-change listener is reported. */
  onListenerError?: (error: unknown) => void;
}

/** A wallet row as the ledger reports it (thousandths as bigints). */
function walletBalanceOf(row: WalletRow): WalletBalance {
  return {
    balance: BigInt(row.balance),
    currency: row.currency,
    bonus: BigInt(row.bonus_balance),
    bonusId: row.bonus_id === null ? null : String(row.bonus_id),
  };
}

export function createLedger(deps: LedgerDeps): Ledger {
  const { db, clock } = deps;
  const reportError = deps.onListenerError ?? (() => {});
  /** This process's postings, heard here at once and by the other processes via NOTIFY. */
  const events = new WalletEvents(reportError, createBalancePublisher(db, reportError));
  /** Hears nothing: a posting inside inBonusTransaction is announced after its commit. */
  const heldBack = new WalletEvents(() => {});
  /** Bets and wins: one ledger_apply statement each, grouped per wallet (decision 060). */
  const group = createGroupCommit(db, events);

  function operatorMovementPosting(input: OperatorMovementInput): Posting {
    const userId = checkUserId(input.userId);
    const adjustment = input.kind === 'adjustment';
    const amount = adjustment ? checkSignedAmount(input.amount) : checkMagnitude(input.amount);
    if (amount === 0n) throw new InvalidPosting(`A ${input.kind} of 0 moves nothing`);
    const delta = input.kind === 'withdrawal' ? -amount : amount;
    const currency = input.currency === undefined ? null : checkCurrency(input.currency);
    const reason =
      input.reason === undefined ? null : checkText('reason', input.reason, maxReasonLength);
    if (adjustment && reason === null) throw new InvalidPosting('An adjustment needs a reason');
    return movementPosting(
      {
        kind: input.kind,
        userId,
        delta,
        currency,
        provider: operatorProvider,
        operation: input.kind,
        txId: checkId('idempotencyKey', input.idempotencyKey),
        betTxId: null,
        gameId: null,
        roundId: null,
        reason,
        actor: checkText('actor', input.actor, maxReasonLength),
        meta: metaJson(input.meta),
        request: { userId, amount: delta.toString(), currency, reason },
      },
      clock.now(),
    );
  }

  async function postOperatorMovement(input: OperatorMovementInput): Promise<PostingResult> {
    return runPosting(db, events, operatorMovementPosting(input));
  }

  function betPosting(input: BetInput): Posting {
    const userId = checkUserId(input.userId);
    const amount = checkMagnitude(input.amount);
    const currency = checkCurrency(input.currency);
    const txId = checkId('txId', input.txId);
    const gameId = checkOptionalId('gameId', input.gameId);
    const roundId = checkOptionalId('roundId', input.roundId);
    return movementPosting(
      {
        kind: 'bet',
        userId,
        delta: -amount,
        currency,
        provider: checkProvider(input.provider),
        operation: 'bet',
        txId,
        betTxId: txId,
        gameId,
        roundId,
        reason: null,
        actor: null,
        meta: metaJson(input.meta),
        request: { userId, amount: amount.toString(), currency, gameId, roundId },
        admission: input.admission ?? null,
      },
      clock.now(),
    );
  }

  return {
    events,
    async postBet(input) {
      return group.post(betApply(input, clock.now()));
    },

    async replayOfBet(input) {
      return findReplay(db, betPosting(input));
    },

    async postWin(input) {
      return group.post(winApply(input, clock.now()));
    },

    async postRefund(input) {
      const userId = checkUserId(input.userId);
      const betTxId = checkId('betTxId', input.betTxId);
      const amount = input.amount === undefined ? null : checkMagnitude(input.amount);
      const currency = input.currency === undefined ? null : checkCurrency(input.currency);
      const gameId = checkOptionalId('gameId', input.gameId);
      const roundId = checkOptionalId('roundId', input.roundId);
      const posting = refundPosting(
        {
          userId,
          provider: checkProvider(input.provider),
          txId: checkOptionalId('txId', input.txId) ?? betTxId,
          betTxId,
          amount,
          currency,
          gameId,
          roundId,
          meta: metaJson(input.meta),
          request: {
            userId,
            betTxId,
            amount: amount?.toString() ?? null,
            currency,
            gameId,
            roundId,
          },
        },
        clock.now(),
      );
      return runPosting(db, events, posting);
    },

    async postProviderAdjustment(input) {
      const userId = checkUserId(input.userId);
      const amount = checkSignedAmount(input.amount, { allowZero: true });
      const currency = checkCurrency(input.currency);
      const gameId = checkOptionalId('gameId', input.gameId);
      const roundId = checkOptionalId('roundId', input.roundId);
      const posting = movementPosting(
        {
          kind: 'adjustment',
          userId,
          delta: amount,
          currency,
          provider: checkProvider(input.provider),
          operation: checkWinOperation(input.operation ?? 'adjustment'),
          txId: checkId('txId', input.txId),
          betTxId: null,
          gameId,
          roundId,
          reason: checkText('reason', input.reason, maxReasonLength),
          actor: null,
          meta: metaJson(input.meta),
          request: { userId, amount: amount.toString(), currency, gameId, roundId },
        },
        clock.now(),
      );
      return runPosting(db, events, posting);
    },

    async postAdjustment({ inTransaction, ...input }) {
      const posting = operatorMovementPosting({ ...input, kind: 'adjustment' });
      return runPosting(db, events, { ...posting, inTransaction });
    },
    postOperatorMovement,

    async replayOfOperatorMovement(input) {
      return findReplay(db, operatorMovementPosting(input));
    },

    async findBet(provider, reference, userId) {
      const { rows } = await db.execute<LedgerRow>(
        betByReferenceQuery(
          checkProvider(provider),
          checkId('reference', reference),
          userId === undefined ? undefined : checkUserId(userId),
        ),
      );
      const row = rows[0];
      return row === undefined ? undefined : toLedgerEntry(row);
    },

    async findRoundBets(provider, roundId, userId, limit) {
      const { rows } = await db.execute<LedgerRow>(
        roundBetsQuery(
          checkProvider(provider),
          checkId('roundId', roundId),
          checkUserId(userId),
          limit,
        ),
      );
      return rows.map(toLedgerEntry);
    },

    async postWithdrawalReversal(input) {
      const userId = checkUserId(input.userId);
      const withdrawalTxId = checkId('withdrawalKey', input.withdrawalKey);
      const reason =
        input.reason === undefined ? null : checkText('reason', input.reason, maxReasonLength);
      const posting = reversalPosting(
        {
          userId,
          withdrawalTxId,
          reason,
          actor: checkText('actor', input.actor, maxReasonLength),
          meta: metaJson(input.meta),
          request: { userId, withdrawalKey: withdrawalTxId },
        },
        clock.now(),
      );
      return runPosting(db, events, posting);
    },

    async getBalance(userId) {
      const { rows } = await db.execute<WalletRow>(walletQuery(checkUserId(userId)));
      const wallet = rows[0];
      if (!wallet) throw new UnknownPlayer(userId);
      return walletBalanceOf(wallet);
    },

    async getBalanceSnapshot(userId) {
      const { rows } = await db.execute<WalletRow & { last_entry_id: string | null }>(
        walletSnapshotQuery(checkUserId(userId)),
      );
      const wallet = rows[0];
      if (!wallet) throw new UnknownPlayer(userId);
      return {
        ...walletBalanceOf(wallet),
        lastEntryId: wallet.last_entry_id === null ? null : BigInt(wallet.last_entry_id),
      };
    },

    async inBonusTransaction(userId, work) {
      const player = checkUserId(userId);
      const applied: PostingResult[] = [];
      const answer = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<WalletRow>(lockedWalletQuery(player));
        const row = rows[0];
        if (!row) throw new UnknownPlayer(player);
        return work({
          db: tx,
          wallet: walletBalanceOf(row),
          async post(input) {
            const result = await runBonusMovement(
              tx,
              bonusMovement({ ...input, userId: player }),
              clock.now(),
            );
            if (result.outcome === 'applied') applied.push(result);
            return result;
          },
          async postWithdrawal(input) {
            // Under this transaction's wallet lock no other posting of the player runs, so
            // the statement cannot lose its key to a concurrent one; its event is held back
            // with the others until the commit.
            const posting = operatorMovementPosting({
              ...input,
              kind: 'withdrawal',
              userId: player,
            });
            const result = await runPosting(tx, heldBack, posting);
            if (result.outcome === 'applied') applied.push(result);
            return result;
          },
        });
      });
      // Committed: now, and only now, the listeners hear of it.
      for (const { entry } of applied) {
        if (entry.amount === 0n && entry.bonusAmount === 0n) continue;
        events.emitBalanceChanged({
          userId: entry.userId,
          balance: entry.balanceAfter,
          currency: entry.currency,
          entry,
        });
      }
      return answer;
    },

    async listEntries(userId, page) {
      const before = page.before === undefined ? undefined : checkEntryId(page.before);
      const { rows } = await db.execute<LedgerRow>(
        entriesPageQuery(checkUserId(userId), page.limit + 1, before),
      );
      const entries = rows.slice(0, page.limit).map(toLedgerEntry);
      const more = rows.length > page.limit;
      return { entries, nextBefore: more ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}
