import { postInWalletCurrency, referenceCall, transactionAnswer } from '../wallet-calls';
import { metaOf, pragmaticAmount } from '../wallet-params';

/** Kept with the row for auditors: the ledger requires a reason on every adjustment. */
const reason = 'Pragmatic live-casino re-settlement';

/**
 * adjustment: a live-casino round settled again. `amount` is signed (a negative one debits the
 * player, a positive one credits), ONE posting keyed on `reference` (the ledger's provider
 * adjustment, kind `adjustment`). A debit beyond the balance is refused with 1 and moves
 * nothing; a repeat answers the first transaction id with the balance now; the same reference
 * with another amount, player, game or round is 7. It lands whatever became of the session
 * (the provider may send it long after the round).
 */
export const adjustmentCall = referenceCall([], async (call, params, deps) => {
  const amount = pragmaticAmount(call.amount, { signed: true });
  const r = await postInWalletCurrency(deps, call.userId, (currency) =>
    deps.wallet.postProviderAdjustment({
      ...call.posting(currency),
      amount,
      reason,
      meta: metaOf(params, ['timestamp', 'validBetAmount', 'roundDetails']),
    }),
  );
  return transactionAnswer(r);
});
