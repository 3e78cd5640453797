import { creditCall, postingOf } from '../wallet-calls';
import type { GbMoneyMessage } from '../wallet-params';

/**
 * refund (§5.4): gives the bet it names back, once, whatever became of the launch session
 * (§6.3); a bet never seen leaves a tombstone that refuses it later.
 */
export const refundCall = creditCall<GbMoneyMessage & { type: 'refund' }>(
  (message, userId, wallet) =>
    wallet.postRefund({
      ...postingOf(message, userId),
      betTxId: message.betTransactionId,
      amount: message.amount,
    }),
);
