import type { LedgerKind, LedgerStatus } from '../../db/schema';
import type { InTransaction } from '../../db/in-transaction';
import type { PreparedCondition, PreparedSelect } from '../../db/named-statement';

/**
 * The posting API's inputs and answers. Amounts are bigint THOUSANDTHS of the currency unit
 * (convert at the adapter's edge with money.ts); every id is the provider's, as text.
 */

/** What every provider movement carries. */
export interface ProviderMovementInput {
  /** Our player id (users.id); the posting never needs a session. */
  userId: string;
  /** A magnitude (>= 0): the sign comes from the kind. */
  amount: bigint;
  /** ISO 4217, as the provider sent it; must be the wallet's currency. */
  currency: string;
  /** The provider's slug (endorphina, pragmatic, gbgames, …); never 'operator'. */
  provider: string;
  /** The provider's transaction id: the idempotency key, with provider and operation. */
  txId: string;
  gameId?: string;
  roundId?: string;
  /** Kept with the row for audit (timestamps, round details); never compared on a repeat. */
  meta?: Record<string, unknown>;
}

export interface BetInput extends ProviderMovementInput {
  /**
   * A boolean SQL condition checked inside the posting's own statement (e.g. "this player's
   * game session is live", liveLaunchCondition), with a constant text so the statement is
   * prepared once: the bet applies only if it holds, else BetNotAdmitted. A repeat
   * of an applied bet is still answered as a replay, whatever the condition says now.
   */
  admission?: PreparedCondition;
}

/** A win: for a player the caller names, or for the player a row inside the statement names. */
export type WinInput = PlayerWinInput | SourcedWinInput;

export interface PlayerWinInput extends ProviderMovementInput {
  /** The bet this win pays, when the provider says (informational: a win is never refused). */
  betTxId?: string;
  /**
   * The namespace of `txId` when the provider has several winning calls with their own ids
   * (Pragmatic: 'result', 'bonusWin', 'jackpotWin', 'promoWin'). Default 'win'.
   */
  operation?: string;
}

/**
 * A win whose player is taken inside the posting's own statement (decision 102): from the one
 * row `playerFrom` yields (columns `user_id`, `currency`, `game_id`; a launch token's player,
 * launchTokenPlayer), so the caller needs no lookup before it. One statement, one round trip,
 * with exactly the answers, refusals and idempotency of the same win posted for that player
 * (the same `request`). No row: nothing is posted, nothing locked, and `UnknownPlayer` is
 * thrown (the caller looks up why, and may post as before). Not grouped with the wallet's
 * other postings (the player is not known before the statement).
 */
export interface SourcedWinInput extends Omit<PlayerWinInput, 'userId' | 'currency' | 'gameId'> {
  userId?: never;
  playerFrom: PreparedSelect;
  /** Default: the paid bet's currency (`betReference`), else the row's `currency`. */
  currency?: string;
  /** Default: the row's `game_id`. */
  gameId?: string;
  /**
   * The bet this win pays, looked up among the player's bets inside the statement as findBet
   * does (its id, else our transactionId): found, its id is the win's `betTxId` and its
   * currency the default; not found, `betTxId` is as given.
   */
  betReference?: string;
}

/**
 * A provider's own re-settlement of money already moved (Pragmatic's live-casino
 * `adjustment`): signed, a debit refused below zero like a bet, a credit never refused.
 * Kind `adjustment`, keyed on (provider, `operation`, txId).
 */
export interface ProviderAdjustmentInput extends Omit<ProviderMovementInput, 'amount'> {
  /** Signed thousandths: negative debits the player, positive credits; 0 is a record only. */
  amount: bigint;
  /** Why, for the audit trail (the ledger requires one on every adjustment). */
  reason: string;
  /** The namespace of `txId`; default 'adjustment'. */
  operation?: string;
}

export interface RefundInput {
  /** Required: every provider names the player, and a tombstone records whose it was. */
  userId: string;
  provider: string;
  /** The id of the bet to cancel. */
  betTxId: string;
  /** The refund's own id, when the provider gives one; otherwise the bet's id is the key. */
  txId?: string;
  /** When the provider sends it: must equal the bet's amount (no partial refunds). */
  amount?: bigint;
  currency?: string;
  gameId?: string;
  roundId?: string;
  meta?: Record<string, unknown>;
}

/** Operator movements: adjustments, the cashier's deposits and withdrawals; bonuses later. */
export interface OperatorMovementInput {
  kind: 'adjustment' | 'deposit' | 'withdrawal' | 'bonus';
  userId: string;
  /** Signed for adjustments; a magnitude for the others (the kind gives the sign). */
  amount: bigint;
  /** Default: the wallet's currency. */
  currency?: string;
  /** Why (required for adjustments); shown to auditors, not to the player. */
  reason?: string;
  /** Unique per movement; a repeat with the same key is a replay. */
  idempotencyKey: string;
  /** Who asked: an operator's name or the command that posted it. */
  actor: string;
  meta?: Record<string, unknown>;
}

/** Gives a withdrawal's money back; the amount is always the withdrawal's own. */
export interface WithdrawalReversalInput {
  userId: string;
  /** The withdrawal's idempotencyKey (the payment's id); also the reversal's key. */
  withdrawalKey: string;
  /** Why: cancelled by the player, rejected by the operator, payout failed. */
  reason?: string;
  actor: string;
  meta?: Record<string, unknown>;
}

export type AdjustmentInput = Omit<OperatorMovementInput, 'kind' | 'reason'> & {
  reason: string;
  /** Run in the posting's transaction when it applies (the back office's audit row). */
  inTransaction?: InTransaction<LedgerEntry>;
};

/** One ledger row as the API hands it out. */
export interface LedgerEntry {
  /** Our transaction id. */
  id: string;
  userId: string;
  kind: LedgerKind;
  status: LedgerStatus;
  /** Signed thousandths. */
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
  currency: string;
  provider: string;
  operation: string;
  providerTxId: string;
  betTxId: string | null;
  gameId: string | null;
  roundId: string | null;
  reversesEntryId: string | null;
  reason: string | null;
  actor: string | null;
  meta: Record<string, unknown> | null;
  createdAt: Date;
  /** The signed part of `amount` that was bonus money (docs/decisions/039). */
  bonusAmount: bigint;
  /** The wallet's bonus pocket right after this row. */
  bonusAfter: bigint;
  /** The active bonus when this row was written (player_bonuses.id), or null. */
  bonusId: string | null;
}

/**
 * The answer to a posting. `applied`: this call moved the money (or, for a refund of an
 * unknown bet, left the tombstone). `replayed`: the same key was posted before with the same
 * content; nothing moved and every field but `balance` is the FIRST answer again.
 */
export interface PostingResult {
  outcome: 'applied' | 'replayed';
  /** `tombstone`: a refund of a bet never seen; it moved nothing. */
  status: LedgerStatus;
  /** Our transaction id: the same on every repeat. */
  transactionId: string;
  /** The balance right after the first application: rebuild "the first answer" from it. */
  balanceAfter: bigint;
  /** The wallet's balance now (equal to balanceAfter unless replayed after other postings). */
  balance: bigint;
  currency: string;
  entry: LedgerEntry;
}

export interface WalletBalance {
  /** The total: cash + bonus. */
  balance: bigint;
  currency: string;
  /** The bonus pocket (part of `balance`). */
  bonus: bigint;
  /** The active bonus (player_bonuses.id), or null. */
  bonusId: string | null;
}

/** A balance with the newest ledger row it reflects (none for a wallet never moved). */
export interface BalanceSnapshot extends WalletBalance {
  lastEntryId: bigint | null;
}

/** The bonus movements (kind 'bonus', provider 'operator', keyed on the bonus). */
export type BonusOperation = 'bonus_grant' | 'bonus_convert' | 'bonus_forfeit';

export interface BonusPostingInput {
  operation: BonusOperation;
  userId: string;
  /** player_bonuses.id: the key of each of its three operations. */
  bonusId: string;
  /** Grant: the bonus money (> 0). */
  amount?: bigint;
  /** Convert: at most this becomes cash, the rest of the pocket is forfeited; null: all. */
  maxCashout?: bigint | null;
  actor: string;
  meta?: Record<string, unknown>;
}
