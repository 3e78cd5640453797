import type { PostingResult } from '../../wallet/ledger-types';
import { IdempotencyConflict } from '../../wallet/wallet-errors';
import {
  postInWalletCurrency,
  provider,
  transactionAnswer,
  type CallHandler,
  type MoneyCallDeps,
} from './money-calls';
import { pragmaticErrors, refusal } from './wallet-answers';
import { metaOf, optional, pragmaticAmount, required, type PragmaticParams } from './wallet-params';

/**
 * The winning calls. result, jackpotWin and promoWin credit their amount, each ONE posting in
 * its own namespace of references. A result may carry a prize drop (promoWinAmount), credited
 * as a second posting of its own. bonusWin moves no money: it reports the total of free
 * rounds whose wins already came as results (decision 033, "Pragmatic").
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

export function winCall(deps: MoneyCallDeps, operation: WinOperation): CallHandler {
  const spec = winSpecs[operation];
  return async (params) => {
    const p = required(params, ['userId', 'amount', 'reference', 'providerId']);
    if (!p.ok) return p.answer;
    const more = required(params, spec.required);
    if (!more.ok) return more.answer;
    const { userId, reference } = p.values;
    const amount = pragmaticAmount(p.values.amount);
    const prize = operation === 'result' ? prizeDropOf(params) : undefined;
    const gameId = optional(params, 'gameId');
    const roundId = optional(params, 'roundId');
    const post = (currency: string) =>
      deps.wallet.postWin({
        userId,
        amount,
        currency,
        provider,
        txId: reference,
        operation,
        gameId,
        roundId,
        meta: metaOf(params, spec.meta),
      });
    // promoWin names its currency: the posting refuses one that is not the wallet's (7).
    const named = optional(params, 'currency');
    const win =
      operation === 'promoWin' && named !== undefined
        ? await post(named)
        : await postInWalletCurrency(deps, userId, post);
    if (!prize) return transactionAnswer(win);
    const paid = await payPrizeDrop(deps, win, prize, { userId, gameId, roundId });
    return transactionAnswer({ ...win, balance: paid.balance });
  };
}

/**
 * The prize drop of a result, after the result itself: the provider believes it paid, so it
 * is credited, once per `promoWinReference`. A replay of the result replays both postings. The
 * same prize reference on another result (another round, amount or player) was paid by the
 * first: nothing moves and the result is answered as usual, never refused for it.
 */
async function payPrizeDrop(
  deps: MoneyCallDeps,
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

/**
 * bonusWin: the total of a free-rounds bonus whose spins were each paid by `result` (the
 * production integrations: "no balance adjustment needed, already adjusted in result"). It
 * moves nothing; a posting of 0 keeps the record under its reference (idempotent, with the
 * reported total in `meta.reportedAmount`) and gives the answer its stable transaction id.
 * The same reference with another total is refused (7), as for the crediting calls.
 */
export function bonusWinCall(deps: MoneyCallDeps): CallHandler {
  return async (params) => {
    const p = required(params, ['userId', 'amount', 'reference', 'providerId']);
    if (!p.ok) return p.answer;
    const { userId, reference } = p.values;
    const reportedAmount = pragmaticAmount(p.values.amount).toString();
    const r = await postInWalletCurrency(deps, userId, (currency) =>
      deps.wallet.postWin({
        userId,
        amount: 0n,
        currency,
        provider,
        txId: reference,
        operation: 'bonusWin',
        gameId: optional(params, 'gameId'),
        roundId: optional(params, 'roundId'),
        meta: {
          ...metaOf(params, ['timestamp', 'bonusCode', 'roundDetails']),
          informational: true,
          reportedAmount,
        },
      }),
    );
    if (r.outcome === 'replayed' && r.entry.meta?.['reportedAmount'] !== reportedAmount) {
      return refusal(
        pragmaticErrors.badParameters,
        'Bad parameters: reference already used with a different amount',
      );
    }
    return transactionAnswer(r);
  };
}
