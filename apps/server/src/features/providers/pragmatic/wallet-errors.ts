import { MoneyFormatError, walletRefusalOf, type WalletError } from '../../wallet';
import { sqlState } from '../failure-log';
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
  const refused = walletRefusalOf(error);
  switch (refused?.code) {
    case 'INSUFFICIENT_FUNDS':
      return refusal(pragmaticErrors.insufficientBalance, 'Insufficient balance');
    case 'UNKNOWN_PLAYER':
      return refusal(pragmaticErrors.playerNotFound, 'Player not found');
    case 'RG_REFUSED':
      // The player's own settings (decision 070): frozen while blocked, else the bet limit.
      return refusal(
        refused.blocked ? pragmaticErrors.playerFrozen : pragmaticErrors.betLimitReached,
        `Bet not allowed: ${rgRefusalText[refused.reason]}`,
      );
    case 'BET_CANCELLED':
      return refusal(
        pragmaticErrors.betNotAllowed,
        'Bet not allowed: it was refunded before it arrived',
      );
    case 'IDEMPOTENCY_CONFLICT':
      return refusal(
        pragmaticErrors.badParameters,
        `Bad parameters: reference already used with a different ${refused.fields.join(', ')}`,
      );
    case 'REFUND_MISMATCH':
      return refusal(
        pragmaticErrors.badParameters,
        `Bad parameters: the refund's ${refused.fields.join(', ')} is not the bet's`,
      );
    case 'BET_ALREADY_SETTLED':
      // 120 is the one code after which Pragmatic neither retries nor reconciles: the round was
      // decided by its result, so this refund will never apply (decision 033).
      return refusal(
        pragmaticErrors.noRetry,
        'Refund refused: the round was already settled by a result',
      );
    case 'CURRENCY_MISMATCH':
      return refusal(pragmaticErrors.badParameters, 'Bad parameters: not the wallet’s currency');
    case 'INVALID_POSTING':
      return refusal(pragmaticErrors.badParameters, `Bad parameters: ${refused.message}`);
    case 'BET_ALREADY_REFUNDED':
    case 'BET_NOT_ADMITTED':
    case 'WITHDRAWAL_NOT_FOUND':
    case 'BONUS_ACTIVE':
    case 'BONUS_NOT_ACTIVE':
    case undefined:
      return refusal(pragmaticErrors.badParameters, `Bad parameters: ${error.code}`);
  }
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
