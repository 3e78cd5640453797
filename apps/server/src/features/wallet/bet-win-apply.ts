import type { Apply } from './ledger-apply';
import type { BetInput, WinInput } from './ledger-types';
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

export function winApply(input: WinInput, now: Date): Apply {
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
