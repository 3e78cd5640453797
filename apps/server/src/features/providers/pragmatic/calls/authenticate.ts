import { balanceFields, pragmaticErrors, refusal, success } from '../wallet-answers';
import type { WalletCall, WalletCallDeps } from '../wallet-calls';
import { required } from '../wallet-params';

/** authenticate: the game opening; a live token for this game gives the player and balance. */
export function authenticateCall({ sessions }: WalletCallDeps): WalletCall {
  return async (params) => {
    const p = required(params, ['token', 'providerId']);
    if (!p.ok) return p.answer;
    const found = await sessions.lookup(p.values.token, 'pragmatic');
    if (found.kind !== 'ok') {
      return refusal(pragmaticErrors.badToken, `Authentication failed: token ${found.kind}`);
    }
    // The token was issued for one game; opening another with it is refused.
    const gameId = params['gameId'];
    if (gameId !== undefined && gameId !== found.session.providerGameId) {
      return refusal(
        pragmaticErrors.badToken,
        'Authentication failed: token issued for another game',
      );
    }
    return success({
      userId: found.session.userId,
      currency: found.session.currency,
      ...balanceFields(found.session.balance),
    });
  };
}
