import {
  postInWalletCurrency,
  provider,
  transactionAnswer,
  type WalletCall,
  type WalletCallDeps,
} from '../wallet-calls';
import { metaOf, optional, pragmaticAmount, required } from '../wallet-params';

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
export function adjustmentCall(deps: WalletCallDeps): WalletCall {
  return async (params) => {
    const p = required(params, ['userId', 'amount', 'reference', 'providerId']);
    if (!p.ok) return p.answer;
    const { userId, reference } = p.values;
    const amount = pragmaticAmount(p.values.amount, { signed: true });
    const r = await postInWalletCurrency(deps, userId, (currency) =>
      deps.wallet.postProviderAdjustment({
        userId,
        amount,
        currency,
        provider,
        txId: reference,
        gameId: optional(params, 'gameId'),
        roundId: optional(params, 'roundId'),
        reason,
        meta: metaOf(params, ['timestamp', 'validBetAmount', 'roundDetails']),
      }),
    );
    return transactionAnswer(r);
  };
}
