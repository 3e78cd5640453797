import { MoneyFormatError } from '../../wallet';
import { sqlState } from '../failure-log';
import {
  BetAlreadySettled,
  BetCancelled,
  CurrencyMismatch,
  IdempotencyConflict,
  InsufficientFunds,
  InvalidPosting,
  RefundMismatch,
  ResponsibleGamingRefusal,
  UnknownPlayer,
  type WalletError,
} from '../../wallet';
import { rgRefusalText } from '../rg-refusal-text';
import { pragmaticErrors, refusal, type PragmaticAnswer } from './wallet-answers';

/**
 * A refusal of the ledger (or of the amount's format) as Pragmatic's error, as the ledger's
 * README suggests. (BetAlreadyRefunded is the refund's business: it answers success.)
 */
export function walletRefusal(error: WalletError | MoneyFormatError): PragmaticAnswer {
  if (error instanceof MoneyFormatError) {
    return refusal(pragmaticErrors.badParameters, `Bad parameters: ${error.message}`);
  }
  if (error instanceof InsufficientFunds) {
    return refusal(pragmaticErrors.insufficientBalance, 'Insufficient balance');
  }
  if (error instanceof UnknownPlayer)
    return refusal(pragmaticErrors.playerNotFound, 'Player not found');
  if (error instanceof ResponsibleGamingRefusal) {
    // The player's own settings (decision 070): frozen while blocked, else the bet limit.
    return refusal(
      error.blocked ? pragmaticErrors.playerFrozen : pragmaticErrors.betLimitReached,
      `Bet not allowed: ${rgRefusalText[error.reason]}`,
    );
  }
  if (error instanceof BetCancelled) {
    return refusal(
      pragmaticErrors.betNotAllowed,
      'Bet not allowed: it was refunded before it arrived',
    );
  }
  if (error instanceof IdempotencyConflict) {
    return refusal(
      pragmaticErrors.badParameters,
      `Bad parameters: reference already used with a different ${error.fields.join(', ')}`,
    );
  }
  if (error instanceof RefundMismatch) {
    return refusal(
      pragmaticErrors.badParameters,
      `Bad parameters: the refund's ${error.fields.join(', ')} is not the bet's`,
    );
  }
  if (error instanceof BetAlreadySettled) {
    // 120 is the one code after which Pragmatic neither retries nor reconciles: the round was
    // decided by its result, so this refund will never apply (decision 033).
    return refusal(
      pragmaticErrors.noRetry,
      'Refund refused: the round was already settled by a result',
    );
  }
  if (error instanceof CurrencyMismatch) {
    return refusal(pragmaticErrors.badParameters, 'Bad parameters: not the wallet’s currency');
  }
  if (error instanceof InvalidPosting) {
    return refusal(pragmaticErrors.badParameters, `Bad parameters: ${error.message}`);
  }
  return refusal(pragmaticErrors.badParameters, `Bad parameters: ${error.code}`);
}

/**
 * Whether a failure outside the ledger's refusals is final. Only the database's verdict on the
 * data itself is: SQLSTATE class 22 (data exception: a value the column cannot hold) and 23
 * (integrity constraint violation; the ledger already turned its own unique indexes into
 * replays) fail the same way however often the same call is sent. Everything else (connection
 * lost, pool exhausted, timeout, shutdown, deadlock, a schema not migrated yet) may pass on a
 * retry, and a retry is always safe: nothing committed, or the idempotency key answers it.
 */
export function isFinalFailure(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('23'));
}

/**
 * The answer to a failure that is not a refusal: retry (100, or the method's own), or 120
 * when a retry cannot help and the method may say so (`final`). 120 means the provider
 * neither retries nor reconciles: a credit answered 120 is a win the player never gets, so
 * only calls whose failure leaves nothing owed (a bet, a read) may use it.
 */
export function internalFailure(
  error: unknown,
  retryCode: number,
  options: { final: boolean },
): PragmaticAnswer {
  return options.final && isFinalFailure(error)
    ? refusal(pragmaticErrors.noRetry, 'Internal error, no retry')
    : refusal(retryCode, 'Internal error, retry');
}
