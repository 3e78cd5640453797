import { creditCall, postingOf, type WalletCall, type WalletCallDeps } from '../wallet-calls';
import type { GbMoneyMessage } from '../wallet-params';

/** The ledger namespace of GB Games' winning message (§5.3). */
const resultOperation = 'result';

/**
 * result (§5.3): credits the round's win for the bet it names, whatever became of the launch
 * session (§6.3), keyed on the studio's transactionId.
 */
export function resultCall({
  sessions,
  wallet,
}: WalletCallDeps): WalletCall<GbMoneyMessage & { type: 'result' }> {
  return creditCall(sessions, (message, userId) =>
    wallet.postWin({
      ...postingOf(message, userId),
      amount: message.amount,
      operation: resultOperation,
      betTxId: message.betTransactionId,
    }),
  );
}
