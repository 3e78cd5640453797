import { balanceFields, success } from '../wallet-answers';
import type { WalletCall, WalletCallDeps } from '../wallet-calls';
import { required } from '../wallet-params';

/** endRound: the round is over; nothing moves, the balance is answered. */
export function endRoundCall({ wallet }: WalletCallDeps): WalletCall {
  return async (params) => {
    const p = required(params, ['userId', 'providerId']);
    if (!p.ok) return p.answer;
    const { balance } = await wallet.getBalance(p.values.userId);
    return success(balanceFields(balance));
  };
}
