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
 * The Seamless Wallet calls that move money: bet, result, bonusWin, jackpotWin, promoWin and
 * refund, each ONE ledger posting keyed on Pragmatic's `reference`. A handler returns the
 * answer, or throws: a WalletError or MoneyFormatError (a refusal, mapped by
 * wallet-failures.ts) or anything else (an internal error, retry).
 */

export interface MoneyCallDeps extends AdmissionDeps {
  currencies: WalletCurrencies;
  clock: Clock;
}

export type CallHandler = (params: PragmaticParams) => Promise<PragmaticAnswer>;

const provider = 'pragmatic';

/**
 * A posting's answer. On a replay the transaction id is the first one's and the balance is
 * the wallet's NOW (PROTOCOLS.md: a repeat "returns the current balance").
 */
const transactionAnswer = (r: PostingResult, extra: Record<string, unknown> = {}) =>
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

/** The winning calls: each its own namespace of references in the ledger. */
export type WinOperation = 'result' | 'bonusWin' | 'jackpotWin' | 'promoWin';

const winSpecs: Record<WinOperation, { required: readonly string[]; meta: readonly string[] }> = {
  // The round's win (0.00 after a losing bet): lands whatever became of the game session.
  result: { required: ['gameId', 'roundId'], meta: ['timestamp', 'roundDetails'] },
  // A free-rounds bonus's win: no game or round, a bonus code.
  bonusWin: { required: [], meta: ['timestamp', 'bonusCode', 'roundDetails'] },
  jackpotWin: { required: [], meta: ['timestamp', 'jackpotId'] },
  // A campaign's prize (tournament, prize drop); names its currency, checked against the wallet.
  promoWin: { required: ['currency'], meta: ['timestamp', 'campaignId', 'campaignType'] },
};

export function winCall(deps: MoneyCallDeps, operation: WinOperation): CallHandler {
  const spec = winSpecs[operation];
  return async (params) => {
    const p = required(params, ['userId', 'amount', 'reference', 'providerId']);
    if (!p.ok) return p.answer;
    const more = required(params, spec.required);
    if (!more.ok) return more.answer;
    const { userId, reference } = p.values;
    const amount = pragmaticAmount(p.values.amount);
    const post = (currency: string) =>
      deps.wallet.postWin({
        userId,
        amount,
        currency,
        provider,
        txId: reference,
        operation,
        gameId: optional(params, 'gameId'),
        roundId: optional(params, 'roundId'),
        meta: metaOf(params, spec.meta),
      });
    // promoWin names its currency: the posting refuses one that is not the wallet's (7).
    const named = optional(params, 'currency');
    if (operation === 'promoWin' && named !== undefined) {
      return transactionAnswer(await post(named));
    }
    try {
      return transactionAnswer(await post(await deps.currencies.of(userId)));
    } catch (error) {
      // A remembered currency that is no longer the wallet's: once more with the wallet's.
      if (!(error instanceof CurrencyMismatch)) throw error;
      deps.currencies.forget(userId);
      return transactionAnswer(await post(error.walletCurrency));
    }
  };
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
