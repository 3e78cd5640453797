import { balanceFields, pragmaticErrors, refusal, success } from '../wallet-answers';
import type { WalletCall, WalletCallDeps } from '../wallet-calls';
import { required } from '../wallet-params';

/** getBalancePerGame: one wallet, so the same balance for every game asked about. */
export function balancePerGameCall({ wallet }: WalletCallDeps): WalletCall {
  return async (params) => {
    const p = required(params, ['userId', 'providerId', 'gameIdList']);
    if (!p.ok) return p.answer;
    const gameIds = [
      ...new Set(
        p.values.gameIdList
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (gameIds.length === 0) {
      return refusal(pragmaticErrors.badParameters, 'Bad parameters: gameIdList names no game');
    }
    const { balance } = await wallet.getBalance(p.values.userId);
    return success({
      gamesBalances: gameIds.map((gameID) => ({ gameID, ...balanceFields(balance) })),
    });
  };
}
