import { creditCall, postingOf } from '../wallet-calls';
import type { GbMoneyMessage } from '../wallet-params';

/** The ledger namespace of GB Games' winning message (§5.3). */
const resultOperation = 'result';

/**
 * result (§5.3): credits the round's win for the bet it names, whatever became of the launch
 * session (§6.3), keyed on the studio's transactionId.
 */
export const resultCall = creditCall<GbMoneyMessage & { type: 'result' }>(
  (message, userId, wallet) =>
    wallet.postWin({
      ...postingOf(message, userId),
      amount: message.amount,
      operation: resultOperation,
      betTxId: message.betTransactionId,
    }),
);
