import { creditCall, postingOf, type WalletCall, type WalletCallDeps } from '../wallet-calls';
import type { GbMoneyMessage } from '../wallet-params';

/**
 * refund (§5.4): gives the bet it names back, once, whatever became of the launch session
 * (§6.3); a bet never seen leaves a tombstone that refuses it later.
 */
export function refundCall({
  sessions,
  wallet,
}: WalletCallDeps): WalletCall<GbMoneyMessage & { type: 'refund' }> {
  return creditCall(sessions, (message, userId) =>
    wallet.postRefund({
      ...postingOf(message, userId),
      betTxId: message.betTransactionId,
      amount: message.amount,
    }),
  );
}
