import { toThousandthsNumber } from '../../../wallet';
import { endoOk } from '../wallet-answers';
import { anySession, provider, type WalletCall, type WalletCallDeps } from '../wallet-calls';

/** endSession: the token takes no more bets from now on; wins and refunds with it still land. */
export function endSessionCall({ sessions }: WalletCallDeps): WalletCall {
  return async (params) => {
    const token = params['token'] ?? '';
    const found = await anySession(sessions, token);
    if (!found.ok) return found.answer;
    await sessions.end(token, provider);
    return endoOk({ balance: toThousandthsNumber(found.session.balance) });
  };
}
