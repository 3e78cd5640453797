import { launchTokenPlayer } from '../../../game-sessions';
import { creditCall, postingOf, provider } from '../wallet-calls';
import type { GbMoneyMessage } from '../wallet-params';

/** The ledger namespace of GB Games' winning message (§5.3). */
const resultOperation = 'result';

/**
 * result (§5.3): credits the round's win for the bet it names, whatever became of the launch
 * session (§6.3), keyed on the studio's transactionId. Usually one statement: the token's
 * player is found inside the posting, which takes the token only if it was issued for this
 * player, game and currency, as tokenSession requires (decision 102); otherwise the token is
 * looked up first, as before, to answer why.
 */
export const resultCall = creditCall<GbMoneyMessage & { type: 'result' }>(
  (message, userId, wallet) =>
    wallet.postWin({
      ...postingOf(message, userId),
      amount: message.amount,
      operation: resultOperation,
      betTxId: message.betTransactionId,
    }),
  (message, wallet) => {
    const playerFrom = launchTokenPlayer({
      token: message.token,
      provider,
      userId: message.playerId,
      providerGameId: message.gameId,
      currency: message.currency,
    });
    if (playerFrom === undefined) return undefined;
    // The same posting as above (the same request), its player the token's: message.playerId.
    const { userId: _player, ...posting } = postingOf(message, message.playerId);
    return wallet.postWin({
      ...posting,
      playerFrom,
      amount: message.amount,
      operation: resultOperation,
      betTxId: message.betTransactionId,
    });
  },
);
