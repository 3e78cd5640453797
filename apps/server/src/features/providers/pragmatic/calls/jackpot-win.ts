import type { WalletCall, WalletCallDeps } from '../wallet-calls';
import { creditCall } from '../win-postings';

/**
 * jackpotWin: a jackpot's prize, credited in the wallet's currency.
 */
export function jackpotWinCall(deps: WalletCallDeps): WalletCall {
  return creditCall(deps, 'jackpotWin');
}
