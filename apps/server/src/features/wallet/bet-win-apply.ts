import type { Apply } from './ledger-apply';
import type { BetInput, PlayerWinInput, SourcedWinInput } from './ledger-types';
import {
  checkCurrency,
  checkId,
  checkMagnitude,
  checkOptionalId,
  checkProvider,
  checkUserId,
  checkWinOperation,
  metaJson,
} from './posting-validation';

/**
 * A provider's bet or win, checked at the ledger's door and shaped for ledger_apply
 * (ledger-apply.ts). `request` is the content a repeat must match: the same fields as ever,
 * so keys applied before this function existed replay the same way.
 */

export function betApply(input: BetInput, now: Date): Apply {
  const userId = checkUserId(input.userId);
  const amount = checkMagnitude(input.amount);
  const currency = checkCurrency(input.currency);
  const txId = checkId('txId', input.txId);
  const gameId = checkOptionalId('gameId', input.gameId);
  const roundId = checkOptionalId('roundId', input.roundId);
  return {
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
    request: { userId, amount: amount.toString(), currency, gameId, roundId },
    meta: metaJson(input.meta),
    now,
    admission: input.admission ?? null,
  };
}

export function winApply(input: PlayerWinInput, now: Date): Apply {
  const userId = checkUserId(input.userId);
  const amount = checkMagnitude(input.amount);
  const currency = checkCurrency(input.currency);
  const gameId = checkOptionalId('gameId', input.gameId);
  const roundId = checkOptionalId('roundId', input.roundId);
  const betTxId = checkOptionalId('betTxId', input.betTxId);
  return {
    kind: 'win',
    userId,
    delta: amount,
    currency,
    provider: checkProvider(input.provider),
    operation: checkWinOperation(input.operation),
    txId: checkId('txId', input.txId),
    betTxId,
    gameId,
    roundId,
    request: { userId, amount: amount.toString(), currency, gameId, roundId, betTxId },
    meta: metaJson(input.meta),
    now,
    admission: null,
  };
}

/**
 * A win whose player a row inside the statement gives (ledger-apply.ts, sourcedWinStatement):
 * its own values checked here as winApply checks them, in the statement's parameter order.
 * A reference that can be our transactionId is also sent as one (findBet's rule).
 */
export function sourcedWinValues(input: SourcedWinInput, now: Date): unknown[] {
  const reference =
    input.betReference === undefined ? null : checkId('reference', input.betReference);
  return [
    checkMagnitude(input.amount).toString(),
    input.currency === undefined ? null : checkCurrency(input.currency),
    checkProvider(input.provider),
    checkWinOperation(input.operation),
    checkId('txId', input.txId),
    checkOptionalId('betTxId', input.betTxId),
    checkOptionalId('gameId', input.gameId),
    checkOptionalId('roundId', input.roundId),
    metaJson(input.meta),
    now.toISOString(),
    reference,
    reference !== null && ourTransactionId.test(reference) ? reference : null,
  ];
}

/** findBet's test for a reference that may be our transactionId (ledger_entries.id). */
const ourTransactionId = /^[1-9][0-9]{0,17}$/;

/** The same win as winApply builds it, for the player and values its statement posted. */
export function sourcedWinApply(
  input: SourcedWinInput,
  posted: { userId: string; currency: string; gameId: string | null; betTxId: string | null },
  now: Date,
): Apply {
  const { playerFrom: _source, betReference: _reference, ...win } = input;
  return winApply(
    {
      ...win,
      userId: posted.userId,
      currency: posted.currency,
      ...(posted.gameId === null ? {} : { gameId: posted.gameId }),
      ...(posted.betTxId === null ? {} : { betTxId: posted.betTxId }),
    },
    now,
  );
}
