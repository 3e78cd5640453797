import { MoneyFormatError } from '../../wallet';
import {
  BetAlreadyRefunded,
  BetAlreadySettled,
  BetCancelled,
  CurrencyMismatch,
  IdempotencyConflict,
  InsufficientFunds,
  InvalidPosting,
  RefundMismatch,
  ResponsibleGamingRefusal,
  UnknownPlayer,
  WalletError,
} from '../../wallet';
import { rgRefusalText } from '../rg-refusal-text';
import { endoRefusal, type EndoAnswer } from './wallet-answers';

/**
 * The ledger's refusals as EndoAPI errors (the mapping of wallet/README.md). Undefined for
 * anything that is not a refusal (database down, a bug): the caller answers INTERNAL_ERROR,
 * which the studio retries, and the idempotency key makes the retry safe.
 * BetAlreadyRefunded is not a refusal for Endorphina: the caller answers from `first`.
 */
export function refusalFor(error: unknown): EndoAnswer | undefined {
  if (error instanceof MoneyFormatError) return endoRefusal('NO_RETRY', error.message);
  if (!(error instanceof WalletError)) return undefined;
  if (error instanceof InsufficientFunds) {
    return endoRefusal('INSUFFICIENT_FUNDS', 'the balance is less than the bet');
  }
  if (error instanceof ResponsibleGamingRefusal) {
    // The player's own limit, time-out or self-exclusion (decision 070): the studio shows it.
    return endoRefusal('LIMIT_REACHED', rgRefusalText[error.reason]);
  }
  if (error instanceof IdempotencyConflict) {
    return endoRefusal(
      'NO_RETRY',
      `transaction ${error.first.entry.providerTxId} was already posted with a different ` +
        error.fields.join(', '),
    );
  }
  if (error instanceof BetCancelled) {
    return endoRefusal('NO_RETRY', `bet ${error.betTxId} was refunded before it arrived`);
  }
  if (error instanceof RefundMismatch) {
    return endoRefusal(
      'NO_RETRY',
      `refund of bet ${error.betTxId} differs from the bet in ${error.fields.join(', ')}`,
    );
  }
  if (error instanceof BetAlreadySettled) {
    // Final: the round was decided by its win; a retry of the refund would be refused again.
    return endoRefusal('NO_RETRY', `bet ${error.betTxId} was already settled by a win`);
  }
  if (error instanceof UnknownPlayer) return endoRefusal('TOKEN_NOT_FOUND', 'unknown player');
  if (error instanceof CurrencyMismatch) {
    return endoRefusal('NO_RETRY', `the wallet is in ${error.walletCurrency}`);
  }
  if (error instanceof InvalidPosting) return endoRefusal('NO_RETRY', error.message);
  if (error instanceof BetAlreadyRefunded) return undefined;
  // A WalletError this mapping does not know yet: final, never a blind retry loop.
  return endoRefusal('NO_RETRY', error.code);
}
