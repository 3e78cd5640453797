import type { Clock } from '../../../lib/clock';
import type { PostingResult } from '../../wallet/ledger-types';
import { liveLaunchCondition } from '../../game-sessions/launch-repository';
import {
  BetAlreadyRefunded,
  BetNotAdmitted,
  CurrencyMismatch,
  IdempotencyConflict,
  InsufficientFunds,
} from '../../wallet/wallet-errors';
import { admitBet, type AdmissionDeps } from './bet-admission';
import { balanceFields, success, type PragmaticAnswer } from './wallet-answers';
import type { WalletCurrencies } from './wallet-currencies';
import { metaOf, optional, pragmaticAmount, required, type PragmaticParams } from './wallet-params';

/**
 * The Seamless Wallet's bet and refund, each ONE ledger posting keyed on Pragmatic's
 * `reference`, and what the other money calls share (win-calls.ts, adjustment-call.ts). A
 * handler returns the answer, or throws: a WalletError or MoneyFormatError (a refusal, mapped
 * by wallet-failures.ts) or anything else (an internal error, retry).
 */

export interface MoneyCallDeps extends AdmissionDeps {
  currencies: WalletCurrencies;
  clock: Clock;
}

export type CallHandler = (params: PragmaticParams) => Promise<PragmaticAnswer>;

export const provider = 'pragmatic';

/**
 * A posting's answer. On a replay the transaction id is the first one's and the balance is
 * the wallet's NOW (PROTOCOLS.md: a repeat "returns the current balance").
 */
export const transactionAnswer = (r: PostingResult, extra: Record<string, unknown> = {}) =>
  success({
    transactionId: r.transactionId,
    currency: r.currency,
    ...balanceFields(r.balance),
    ...extra,
  });

export function betCall(deps: MoneyCallDeps): CallHandler {
  return async (params) => {
    const p = required(params, [
      'userId',
      'gameId',
      'roundId',
      'amount',
      'reference',
      'providerId',
    ]);
    if (!p.ok) return p.answer;
    const { userId, gameId, roundId, reference } = p.values;
    const amount = pragmaticAmount(p.values.amount);
    const bet = {
      userId,
      amount,
      provider,
      txId: reference,
      gameId,
      roundId,
      meta: metaOf(params, ['timestamp', 'roundDetails']),
    };
    const currency = await deps.currencies.of(userId);
    // The live launch is checked inside the bet's own statement: one round trip. A retry of a
    // bet already taken (its answer was lost) gets its first answer whatever became of the
    // session since: refused, the provider would refund it as failed.
    const admission = liveLaunchCondition({
      userId,
      provider,
      providerGameId: gameId,
      now: deps.clock.now(),
    });
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await deps.wallet.postBet({ ...bet, currency, admission });
        // No promotions here: nothing of the bet was paid from a promo balance.
        return transactionAnswer(r, { usedPromo: 0 });
      } catch (error) {
        if (!(error instanceof BetNotAdmitted || error instanceof InsufficientFunds)) throw error;
        // Which rule refused it, in the protocol's order (a closed session before the funds).
        const verdict = await admitBet(deps, userId, gameId);
        if (!verdict.admitted) return verdict.answer;
        // Admitted after all: the funds were short (1), or the miss was a race with another
        // posting on the wallet that has settled since: post again.
        if (error instanceof InsufficientFunds || attempt >= 3) throw error;
      }
    }
  };
}

/**
 * Posts in the wallet's currency, which Pragmatic's calls do not name (promoWin aside): the
 * remembered one, and once more with the wallet's own if that is no longer it.
 */
export async function postInWalletCurrency(
  deps: MoneyCallDeps,
  userId: string,
  post: (currency: string) => Promise<PostingResult>,
): Promise<PostingResult> {
  try {
    return await post(await deps.currencies.of(userId));
  } catch (error) {
    if (!(error instanceof CurrencyMismatch)) throw error;
    deps.currencies.forget(userId);
    return post(error.walletCurrency);
  }
}

/** Optional parameters of a refund: a repeat that leaves one out is the same refund. */
const refundOptionals = new Set(['amount', 'gameId', 'roundId']);

/**
 * A refund cancels the bet whose reference it carries: credits it back once, or, for a bet
 * never seen, moves nothing and leaves a tombstone that refuses the late bet (3). A repeat
 * succeeds with the first transaction id. A repeat that differs in what it does say (another
 * amount, another player) is refused (7), as is an amount that is not the bet's.
 */
export function refundCall(deps: MoneyCallDeps): CallHandler {
  return async (params) => {
    const p = required(params, ['userId', 'reference', 'providerId']);
    if (!p.ok) return p.answer;
    const { userId, reference } = p.values;
    const claimed = optional(params, 'amount');
    const amount = claimed === undefined ? undefined : pragmaticAmount(claimed);
    try {
      const r = await deps.wallet.postRefund({
        userId,
        provider,
        betTxId: reference,
        amount,
        gameId: optional(params, 'gameId'),
        roundId: optional(params, 'roundId'),
      });
      return success({ transactionId: r.transactionId });
    } catch (error) {
      if (error instanceof BetAlreadyRefunded) {
        return success({ transactionId: error.first.transactionId });
      }
      if (
        error instanceof IdempotencyConflict &&
        error.fields.every(
          (field) => refundOptionals.has(field) && optional(params, field) === undefined,
        )
      ) {
        return success({ transactionId: error.first.transactionId });
      }
      throw error;
    }
  };
}
