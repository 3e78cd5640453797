import type { Clock } from '../../../lib/clock';
import type { PostingResult } from '../../wallet';
import { CurrencyMismatch } from '../../wallet';
import type { AdmissionDeps } from './bet-admission';
import { balanceFields, success, type PragmaticAnswer } from './wallet-answers';
import type { WalletCurrencies } from './wallet-currencies';
import type { PragmaticParams } from './wallet-params';

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
