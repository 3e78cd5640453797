import { withLiveSession, type WalletCall, type WalletCallDeps } from '../wallet-calls';

/** session: whom a live token belongs to, asked when the game opens. */
export function sessionCall({ sessions }: WalletCallDeps): WalletCall {
  return (params) =>
    withLiveSession(sessions, params, (s) => ({
      player: s.userId,
      currency: s.currency,
      game: s.providerGameId,
    }));
}
