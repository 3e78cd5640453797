import { pragmaticErrors, refusal } from '../wallet-answers';
import {
  postInWalletCurrency,
  provider,
  transactionAnswer,
  type WalletCall,
  type WalletCallDeps,
} from '../wallet-calls';
import { metaOf, optional, pragmaticAmount, required } from '../wallet-params';

/**
 * bonusWin: the total of a free-rounds bonus whose spins were each paid by `result` (the
 * production integrations: "no balance adjustment needed, already adjusted in result"). It
 * moves nothing; a posting of 0 keeps the record under its reference (idempotent, with the
 * reported total in `meta.reportedAmount`) and gives the answer its stable transaction id.
 * The same reference with another total is refused (7), as for the crediting calls.
 */
export function bonusWinCall(deps: WalletCallDeps): WalletCall {
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
