import type { Database } from '../../db/database';
import type { WalletEvents } from './wallet-events';
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
