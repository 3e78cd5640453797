import { balanceFields, pragmaticErrors, refusal, success } from '../wallet-answers';
import type { WalletCall, WalletCallDeps } from '../wallet-calls';
import { required } from '../wallet-params';

/**
 * balance: the player's balance; with a token, only while it is live and the player's. Reads
 * only, like authenticate, endRound and getBalancePerGame.
 */
export function balanceCall({ sessions, wallet }: WalletCallDeps): WalletCall {
  return async (params) => {
    const p = required(params, ['userId', 'providerId']);
    if (!p.ok) return p.answer;
    const { userId } = p.values;
    const token = params['token'];
    if (token) {
      const found = await sessions.lookup(token, 'pragmatic');
      if (found.kind !== 'ok' || found.session.userId !== userId) {
        return refusal(pragmaticErrors.badToken, 'Authentication failed: bad or expired token');
      }
      return success({ currency: found.session.currency, ...balanceFields(found.session.balance) });
    }
    // UnknownPlayer (2) for an id that is no player's.
    const { balance, currency } = await wallet.getBalance(userId);
    return success({ currency, ...balanceFields(balance) });
  };
}
