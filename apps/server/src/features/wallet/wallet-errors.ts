import type { PostingResult } from './ledger-types';

/**
 * Why a posting moved nothing. Each class has a stable `code` that a provider adapter maps to
 * its protocol's error (README.md lists the mapping); none of them is an HTTP error, because
 * the same posting answers Endorphina, Pragmatic, GB Games and the operator's command.
 */
export abstract class WalletError extends Error {
  abstract readonly code: string;
}

/** A bet (or a debit) bigger than the balance. Only debits can get it. */
export class InsufficientFunds extends WalletError {
  override readonly name = 'InsufficientFunds';
  readonly code = 'INSUFFICIENT_FUNDS';
  constructor(
    readonly balance: bigint,
    readonly requested: bigint,
  ) {
    super(`Balance ${balance} is less than ${requested} (thousandths)`);
  }
}

/**
 * The key (provider, operation, transaction id) was posted before with different content:
 * another amount, player, game, round or bet. `first` is what the first posting answered.
 */
export class IdempotencyConflict extends WalletError {
  override readonly name = 'IdempotencyConflict';
  readonly code = 'IDEMPOTENCY_CONFLICT';
  constructor(
    readonly fields: string[],
    readonly first: PostingResult,
  ) {
    super(
      `Transaction ${first.entry.provider}/${first.entry.operation}/${first.entry.providerTxId} ` +
        `was posted before with a different ${fields.join(', ')}`,
    );
  }
}

/**
 * A bet whose refund arrived first: the refund left a tombstone, so the bet can never be
 * applied. `refund` is the tombstone's answer. Providers expect a final refusal here.
 */
export class BetCancelled extends WalletError {
  override readonly name = 'BetCancelled';
  readonly code = 'BET_CANCELLED';
  constructor(
    readonly betTxId: string,
    readonly refund: PostingResult,
  ) {
    super(`Bet ${betTxId} was refunded before it arrived`);
  }
}

/**
 * A bet whose `admission` condition was false when it was posted (the caller's own rule, such
 * as a live game session): nothing moved. The caller finds out which part failed.
 */
export class BetNotAdmitted extends WalletError {
  override readonly name = 'BetNotAdmitted';
  readonly code = 'BET_NOT_ADMITTED';
  constructor(readonly betTxId: string) {
    super(`Bet ${betTxId} was not admitted`);
  }
}

/** Why responsible gaming refused a bet (rg_bet_refusal, migration 0020; decision 070). */
export type RgBetRefusal =
  'time_out' | 'self_exclusion' | 'session_limit' | 'loss_limit' | 'wager_limit';

/**
 * A bet refused by the player's responsible-gaming settings, inside its own statement: a
 * loss or wager limit it would exceed, the daily session time limit, a time-out or a
 * self-exclusion. Nothing moved. Each protocol answers it with its own limit error.
 */
export class ResponsibleGamingRefusal extends WalletError {
  override readonly name = 'ResponsibleGamingRefusal';
  readonly code = 'RG_REFUSED';
  constructor(
    readonly betTxId: string,
    readonly reason: RgBetRefusal,
  ) {
    super(`Bet ${betTxId} was refused: ${reason}`);
  }

  /** A block (time-out, self-exclusion) rather than a limit. */
  get blocked(): boolean {
    return this.reason === 'time_out' || this.reason === 'self_exclusion';
  }
}

/**
 * A second refund of a bet under another refund id. The bet was credited back once, by
 * `first`; most protocols want success here (map it to the first answer).
 */
export class BetAlreadyRefunded extends WalletError {
  override readonly name = 'BetAlreadyRefunded';
  readonly code = 'BET_ALREADY_REFUNDED';
  constructor(
    readonly betTxId: string,
    readonly first: PostingResult,
  ) {
    super(`Bet ${betTxId} was already refunded by transaction ${first.transactionId}`);
  }
}

/**
 * A refund of a bet whose round was already settled by a win (a win naming the bet, or a win
 * of the bet's round, posted after it for the same player): the provider's game decided the
 * round, so giving the stake back as well would pay the player twice. Nothing moved. Every
 * protocol answers it with its final error, so the provider stops retrying (README.md).
 */
export class BetAlreadySettled extends WalletError {
  override readonly name = 'BetAlreadySettled';
  readonly code = 'BET_ALREADY_SETTLED';
  constructor(
    readonly betTxId: string,
    /** Our transaction id (ledger_entries.id) of the win that settled the round. */
    readonly winTransactionId: string,
  ) {
    super(`Bet ${betTxId} was already settled by win ${winTransactionId}`);
  }
}

/** A refund whose player, amount or currency is not the bet's (no partial refunds). */
export class RefundMismatch extends WalletError {
  override readonly name = 'RefundMismatch';
  readonly code = 'REFUND_MISMATCH';
  constructor(
    readonly betTxId: string,
    readonly fields: string[],
  ) {
    super(`Refund of bet ${betTxId} differs from the bet in ${fields.join(', ')}`);
  }
}

/** No wallet for this player id. */
export class UnknownPlayer extends WalletError {
  override readonly name = 'UnknownPlayer';
  readonly code = 'UNKNOWN_PLAYER';
  constructor(readonly userId: string) {
    super(`No wallet for player ${userId}`);
  }
}

/** The posting's currency is not the wallet's. */
export class CurrencyMismatch extends WalletError {
  override readonly name = 'CurrencyMismatch';
  readonly code = 'CURRENCY_MISMATCH';
  constructor(
    readonly walletCurrency: string,
    readonly requested: string,
  ) {
    super(`Wallet is in ${walletCurrency}, posting in ${requested}`);
  }
}

/** A malformed posting (negative magnitude, empty id, reserved provider): a caller's bug. */
export class InvalidPosting extends WalletError {
  override readonly name = 'InvalidPosting';
  readonly code = 'INVALID_POSTING';
}

/** A withdrawal reversal for a withdrawal that is not in the ledger, or is another player's. */
export class WithdrawalNotFound extends WalletError {
  override readonly name = 'WithdrawalNotFound';
  readonly code = 'WITHDRAWAL_NOT_FOUND';
  constructor(readonly withdrawalTxId: string) {
    super(`No withdrawal ${withdrawalTxId} of this player to reverse`);
  }
}

/** A withdrawal while a bonus is active (docs/decisions/039): refused until it ends. */
export class BonusActive extends WalletError {
  override readonly name = 'BonusActive';
  readonly code = 'BONUS_ACTIVE';
  constructor(readonly bonusId: string) {
    super(`Bonus ${bonusId} is active: no withdrawal until it is completed or cancelled`);
  }
}

/**
 * A bonus posting the wallet's state does not allow: a grant while another bonus is active,
 * or the end of a bonus that is not the active one (it already ended another way).
 */
export class BonusNotActive extends WalletError {
  override readonly name = 'BonusNotActive';
  readonly code = 'BONUS_NOT_ACTIVE';
  constructor(
    readonly bonusId: string,
    readonly activeBonusId: string | null,
  ) {
    super(`Bonus ${bonusId} cannot move: the active bonus is ${activeBonusId ?? 'none'}`);
  }
}

/**
 * Every refusal of the ledger, one class per `code`: a `switch` on the code narrows to the
 * class and its fields, so an adapter maps the refusals to its protocol as one table (README.md)
 * instead of a chain of `instanceof` tests naming every class.
 */
export type WalletRefusal =
  | InsufficientFunds
  | IdempotencyConflict
  | BetCancelled
  | BetNotAdmitted
  | ResponsibleGamingRefusal
  | BetAlreadyRefunded
  | BetAlreadySettled
  | RefundMismatch
  | UnknownPlayer
  | CurrencyMismatch
  | InvalidPosting
  | WithdrawalNotFound
  | BonusActive
  | BonusNotActive;

/** The refusal `error` is, or undefined for anything else (the database down, a bug). */
export function walletRefusalOf(error: unknown): WalletRefusal | undefined {
  // Every WalletError subclass is declared in this file and listed in WalletRefusal.
  return error instanceof WalletError ? (error as WalletRefusal) : undefined;
}
