import { liveLaunchCondition } from '../../../game-sessions';
import { BetNotAdmitted, InsufficientFunds } from '../../../wallet';
import { admitBet } from '../bet-admission';
import { provider, transactionAnswer, type WalletCall, type WalletCallDeps } from '../wallet-calls';
import { metaOf, pragmaticAmount, required } from '../wallet-params';

/**
 * bet: ONE ledger posting keyed on Pragmatic's `reference`, for a player whose latest launch
 * is live (bet-admission.ts says why not, in the protocol's order).
 */
export function betCall(deps: WalletCallDeps): WalletCall {
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
