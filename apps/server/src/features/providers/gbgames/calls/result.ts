import {
  posted,
  postingOf,
  tokenSession,
  type WalletCall,
  type WalletCallDeps,
} from '../wallet-calls';
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
  return async (message) => {
    const token = await tokenSession(sessions, message);
    if (!token.ok) return token.answer;
    return posted(message, () =>
      wallet.postWin({
        ...postingOf(message, token.found.session),
        amount: message.amount,
        operation: resultOperation,
        betTxId: message.betTransactionId,
      }),
    );
  };
}
