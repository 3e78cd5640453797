import { pragmaticErrors, refusal } from '../wallet-answers';
import { postInWalletCurrency, referenceCall, transactionAnswer } from '../wallet-calls';
import { metaOf, pragmaticAmount } from '../wallet-params';

/**
 * bonusWin: the total of a free-rounds bonus whose spins were each paid by `result` (the
 * production integrations: "no balance adjustment needed, already adjusted in result"). It
 * moves nothing; a posting of 0 keeps the record under its reference (idempotent, with the
 * reported total in `meta.reportedAmount`) and gives the answer its stable transaction id.
 * The same reference with another total is refused (7), as for the crediting calls.
 */
export const bonusWinCall = referenceCall([], async (call, params, deps) => {
  const reportedAmount = pragmaticAmount(call.amount).toString();
  const r = await postInWalletCurrency(deps, call.userId, (currency) =>
    deps.wallet.postWin({
      ...call.posting(currency),
      amount: 0n,
      operation: 'bonusWin',
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
});
