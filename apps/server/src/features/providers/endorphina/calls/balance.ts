import { toThousandthsNumber } from '../../../wallet';
import { withLiveSession, type WalletCall, type WalletCallDeps } from '../wallet-calls';

/** balance: the wallet's balance in thousandths, for a live token only. */
export function balanceCall({ sessions }: WalletCallDeps): WalletCall {
  return (params) =>
    withLiveSession(sessions, params, (s) => ({ balance: toThousandthsNumber(s.balance) }));
}
