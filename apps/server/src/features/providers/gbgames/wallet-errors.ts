import { walletRefusalOf } from '../../wallet';
import { rgRefusalText } from '../rg-refusal-text';
import { gbError, type GbAnswer } from './wallet-answers';
import type { GbMoneyMessage } from './wallet-params';

/**
 * The ledger's refusals as §7 names them (the wallet README's mapping). Undefined for anything
 * else (the database down, a bug, a refusal not listed here): the caller rethrows it and the
 * route answers INTERNAL, which the studio retries with the same transactionId.
 */
export function refusalFor(error: unknown, message: GbMoneyMessage): GbAnswer | undefined {
  const id = message.transactionId;
  const refusal = walletRefusalOf(error);
  switch (refusal?.code) {
    case 'INSUFFICIENT_FUNDS':
      return gbError('INSUFFICIENT_FUNDS', 'the bet is larger than the balance');
    case 'RG_REFUSED':
      return gbError('LIMIT_REACHED', rgRefusalText[refusal.reason]);
    case 'IDEMPOTENCY_CONFLICT':
      return gbError(
        'DUPLICATE_MISMATCH',
        `transactionId ${id} was sent before with a different ${refusal.fields.join(', ')}`,
      );
    case 'BET_CANCELLED':
      return gbError('DUPLICATE_MISMATCH', `bet ${id} was refunded before it arrived`);
    case 'REFUND_MISMATCH':
      return gbError(
        'DUPLICATE_MISMATCH',
        `the refund's ${refusal.fields.join(', ')} is not bet ${refusal.betTxId}'s`,
      );
    case 'BET_ALREADY_SETTLED':
      return gbError('BET_SETTLED', `bet ${refusal.betTxId} was already settled by a result`);
    case 'UNKNOWN_PLAYER':
      return gbError('TOKEN_NOT_FOUND', 'unknown player');
    case 'CURRENCY_MISMATCH':
      return gbError('BAD_REQUEST', 'the currency is not the wallet’s');
    case 'INVALID_POSTING':
      return gbError('BAD_REQUEST', 'malformed message');
    case 'BET_ALREADY_REFUNDED':
      // Not a refusal for GB Games: the caller answers the first refund.
      return undefined;
    case 'BET_NOT_ADMITTED':
    case 'WITHDRAWAL_NOT_FOUND':
    case 'BONUS_ACTIVE':
    case 'BONUS_NOT_ACTIVE':
    case undefined:
      return undefined;
  }
}
