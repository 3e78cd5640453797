import { BetAlreadyRefunded, IdempotencyConflict } from '../../../wallet';
import { success } from '../wallet-answers';
import { provider, type WalletCall, type WalletCallDeps } from '../wallet-calls';
import { optional, pragmaticAmount, required } from '../wallet-params';

/** Optional parameters of a refund: a repeat that leaves one out is the same refund. */
const refundOptionals = new Set(['amount', 'gameId', 'roundId']);

/**
 * A refund cancels the bet whose reference it carries: credits it back once, or, for a bet
 * never seen, moves nothing and leaves a tombstone that refuses the late bet (3). A repeat
 * succeeds with the first transaction id. A repeat that differs in what it does say (another
 * amount, another player) is refused (7), as is an amount that is not the bet's.
 */
export function refundCall(deps: WalletCallDeps): WalletCall {
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
