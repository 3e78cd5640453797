import type { Clock } from '../../../lib/clock';
import type { PostingResult } from '../../wallet';
import { CurrencyMismatch } from '../../wallet';
import type { AdmissionDeps } from './bet-admission';
import { balanceFields, success, type PragmaticAnswer } from './wallet-answers';
import type { WalletCurrencies } from './wallet-currencies';
import { optional, required, type PragmaticParams } from './wallet-params';

/**
 * What the Seamless Wallet's calls (calls/*.ts) share: their dependencies, their shape, and
 * the steps several of them take. A call returns the answer, or throws: a WalletError or
 * MoneyFormatError (a refusal, mapped by wallet-errors.ts) or anything else (an internal
 * error, retry).
 */

export interface WalletCallDeps extends AdmissionDeps {
  currencies: WalletCurrencies;
  clock: Clock;
}

/** One call: from its hashed parameters to its answer. */
export type WalletCall = (params: PragmaticParams) => Promise<PragmaticAnswer>;

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

/**
 * Posts in the wallet's currency, which Pragmatic's calls do not name (promoWin aside): the
 * remembered one, and once more with the wallet's own if that is no longer it.
 */
export async function postInWalletCurrency(
  deps: WalletCallDeps,
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

/** A call keyed on the provider's `reference`, its required parameters read. */
export interface ReferenceCall {
  userId: string;
  /** The amount as sent: each call reads it its own way (signed, or only reported). */
  amount: string;
  gameId: string | undefined;
  roundId: string | undefined;
  /** What its posting holds in any case: the player, `currency`, the key, game and round. */
  posting: (currency: string) => {
    userId: string;
    currency: string;
    provider: typeof provider;
    txId: string;
    gameId: string | undefined;
    roundId: string | undefined;
  };
}

/**
 * A call keyed on `reference` (adjustment, bonusWin and the crediting calls), from its
 * dependencies: userId, amount, reference and providerId are required, then the call's own
 * `more`; a missing one is bad parameters (7) before anything is read or posted.
 */
export const referenceCall =
  (
    more: readonly string[],
    answer: (
      call: ReferenceCall,
      params: PragmaticParams,
      deps: WalletCallDeps,
    ) => Promise<PragmaticAnswer>,
  ) =>
  (deps: WalletCallDeps): WalletCall =>
  async (params) => {
    const p = required(params, ['userId', 'amount', 'reference', 'providerId']);
    if (!p.ok) return p.answer;
    const own = required(params, more);
    if (!own.ok) return own.answer;
    const { userId, amount, reference } = p.values;
    const gameId = optional(params, 'gameId');
    const roundId = optional(params, 'roundId');
    const posting: ReferenceCall['posting'] = (currency) => ({
      userId,
      currency,
      provider,
      txId: reference,
      gameId,
      roundId,
    });
    return answer({ userId, amount, gameId, roundId, posting }, params, deps);
  };
