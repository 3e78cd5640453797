import type { PostingResult } from '../../wallet';
import { IdempotencyConflict } from '../../wallet';
import {
  postInWalletCurrency,
  provider,
  referenceCall,
  transactionAnswer,
  type WalletCall,
  type WalletCallDeps,
} from './wallet-calls';
import { metaOf, optional, pragmaticAmount, type PragmaticParams } from './wallet-params';

/**
 * What the crediting calls share (calls/result.ts, jackpot-win.ts, promo-win.ts): each credits
 * its amount, ONE posting in its own namespace of references. A result may carry a prize drop
 * (promoWinAmount), credited as a second posting of its own. (bonusWin, calls/bonus-win.ts,
 * moves no money.)
 */

/** The crediting calls, each its own namespace of references in the ledger. */
export type WinOperation = 'result' | 'jackpotWin' | 'promoWin';

/**
 * The namespace of prize drops paid with a result, keyed on `promoWinReference`: apart from
 * promoWin's references, which are another call's ids.
 */
export const prizeDropOperation = 'resultPromoWin';

const winSpecs: Record<WinOperation, { required: readonly string[]; meta: readonly string[] }> = {
  // The round's win (0.00 after a losing bet): lands whatever became of the game session.
  result: { required: ['gameId', 'roundId'], meta: ['timestamp', 'roundDetails', 'bonusCode'] },
  jackpotWin: { required: [], meta: ['timestamp', 'jackpotId'] },
  // A campaign's prize (tournament, prize drop); names its currency, checked against the wallet.
  promoWin: { required: ['currency'], meta: ['timestamp', 'campaignId', 'campaignType'] },
};

/** A result's prize drop, read (and judged malformed) before anything is posted. */
interface PrizeDrop {
  amount: bigint;
  reference: string;
  meta: Record<string, string> | undefined;
}

function prizeDropOf(params: PragmaticParams): PrizeDrop | undefined {
  const text = optional(params, 'promoWinAmount');
  if (text === undefined) return undefined;
  const amount = pragmaticAmount(text);
  if (amount === 0n) return undefined;
  return {
    amount,
    // Without its own reference the prize is keyed on the result's: a replay of the result
    // still finds it, and the namespace keeps it apart from the result's own posting.
    reference: optional(params, 'promoWinReference') ?? (params['reference'] as string),
    meta: metaOf(params, [
      'timestamp',
      'promoWinReference',
      'promoCampaignID',
      'promoCampaignType',
      'reference',
    ]),
  };
}

/** A crediting call, from its dependencies. */
export function creditCall(operation: WinOperation): (deps: WalletCallDeps) => WalletCall {
  const spec = winSpecs[operation];
  return referenceCall(spec.required, async (call, params, deps) => {
    const amount = pragmaticAmount(call.amount);
    const prize = operation === 'result' ? prizeDropOf(params) : undefined;
    const post = (currency: string) =>
      deps.wallet.postWin({
        ...call.posting(currency),
        amount,
        operation,
        meta: metaOf(params, spec.meta),
      });
    // promoWin names its currency: the posting refuses one that is not the wallet's (7).
    const named = optional(params, 'currency');
    const win =
      operation === 'promoWin' && named !== undefined
        ? await post(named)
        : await postInWalletCurrency(deps, call.userId, post);
    if (!prize) return transactionAnswer(win);
    const { userId, gameId, roundId } = call;
    const paid = await payPrizeDrop(deps, win, prize, { userId, gameId, roundId });
    return transactionAnswer({ ...win, balance: paid.balance });
  });
}

/**
 * The prize drop of a result, after the result itself: the provider believes it paid, so it
 * is credited, once per `promoWinReference`. A replay of the result replays both postings. The
 * same prize reference on another result (another round, amount or player) was paid by the
 * first: nothing moves and the result is answered as usual, never refused for it.
 */
async function payPrizeDrop(
  deps: WalletCallDeps,
  win: PostingResult,
  prize: PrizeDrop,
  owner: { userId: string; gameId: string | undefined; roundId: string | undefined },
): Promise<PostingResult> {
  try {
    return await deps.wallet.postWin({
      ...owner,
      amount: prize.amount,
      currency: win.currency,
      provider,
      txId: prize.reference,
      operation: prizeDropOperation,
      meta: prize.meta,
    });
  } catch (error) {
    if (error instanceof IdempotencyConflict) return win;
    throw error;
  }
}
