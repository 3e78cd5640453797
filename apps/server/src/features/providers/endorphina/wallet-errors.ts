import { MoneyFormatError, walletRefusalOf } from '../../wallet';
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
  const refusal = walletRefusalOf(error);
  if (refusal === undefined) return undefined;
  switch (refusal.code) {
    case 'INSUFFICIENT_FUNDS':
      return endoRefusal('INSUFFICIENT_FUNDS', 'the balance is less than the bet');
    case 'RG_REFUSED':
      // The player's own limit, time-out or self-exclusion (decision 070): the studio shows it.
      return endoRefusal('LIMIT_REACHED', rgRefusalText[refusal.reason]);
    case 'IDEMPOTENCY_CONFLICT':
      return endoRefusal(
        'NO_RETRY',
        `transaction ${refusal.first.entry.providerTxId} was already posted with a different ` +
          refusal.fields.join(', '),
      );
    case 'BET_CANCELLED':
      return endoRefusal('NO_RETRY', `bet ${refusal.betTxId} was refunded before it arrived`);
    case 'REFUND_MISMATCH':
      return endoRefusal(
        'NO_RETRY',
        `refund of bet ${refusal.betTxId} differs from the bet in ${refusal.fields.join(', ')}`,
      );
    case 'BET_ALREADY_SETTLED':
      // Final: the round was decided by its win; a retry of the refund would be refused again.
      return endoRefusal('NO_RETRY', `bet ${refusal.betTxId} was already settled by a win`);
    case 'UNKNOWN_PLAYER':
      return endoRefusal('TOKEN_NOT_FOUND', 'unknown player');
    case 'CURRENCY_MISMATCH':
      return endoRefusal('NO_RETRY', `the wallet is in ${refusal.walletCurrency}`);
    case 'INVALID_POSTING':
      return endoRefusal('NO_RETRY', refusal.message);
    case 'BET_ALREADY_REFUNDED':
      return undefined;
    case 'BET_NOT_ADMITTED':
    case 'WITHDRAWAL_NOT_FOUND':
    case 'BONUS_ACTIVE':
    case 'BONUS_NOT_ACTIVE':
      // Not a refusal of this protocol's postings: final, never a blind retry loop.
      return endoRefusal('NO_RETRY', refusal.code);
  }
}
