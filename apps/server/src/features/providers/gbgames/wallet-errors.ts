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
} from '../../wallet';
import { rgRefusalText } from '../rg-refusal-text';
import { gbError, type GbAnswer } from './wallet-answers';
import type { GbMoneyMessage } from './wallet-params';

/**
 * The ledger's refusals as §7 names them (the wallet README's mapping). Undefined for anything
 * else (the database down, a bug, a refusal not listed here): the caller rethrows it and the
 * route answers INTERNAL, which the studio retries with the same transactionId.
 * BetAlreadyRefunded is not a refusal for GB Games: the caller answers the first refund.
 */
export function refusalFor(error: unknown, message: GbMoneyMessage): GbAnswer | undefined {
  const id = message.transactionId;
  if (error instanceof InsufficientFunds) {
    return gbError('INSUFFICIENT_FUNDS', 'the bet is larger than the balance');
  }
  if (error instanceof ResponsibleGamingRefusal) {
    return gbError('LIMIT_REACHED', rgRefusalText[error.reason]);
  }
  if (error instanceof IdempotencyConflict) {
    return gbError(
      'DUPLICATE_MISMATCH',
      `transactionId ${id} was sent before with a different ${error.fields.join(', ')}`,
    );
  }
  if (error instanceof BetCancelled) {
    return gbError('DUPLICATE_MISMATCH', `bet ${id} was refunded before it arrived`);
  }
  if (error instanceof RefundMismatch) {
    return gbError(
      'DUPLICATE_MISMATCH',
      `the refund's ${error.fields.join(', ')} is not bet ${error.betTxId}'s`,
    );
  }
  if (error instanceof BetAlreadySettled) {
    return gbError('BET_SETTLED', `bet ${error.betTxId} was already settled by a result`);
  }
  if (error instanceof UnknownPlayer) return gbError('TOKEN_NOT_FOUND', 'unknown player');
  if (error instanceof CurrencyMismatch) {
    return gbError('BAD_REQUEST', 'the currency is not the wallet’s');
  }
  if (error instanceof InvalidPosting) return gbError('BAD_REQUEST', 'malformed message');
  return undefined;
}
