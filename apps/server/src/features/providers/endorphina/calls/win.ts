import type { LedgerEntry } from '../../../wallet';
import {
  creditor,
  optionalGame,
  posted,
  provider,
  type WalletCall,
  type WalletCallDeps,
} from '../wallet-calls';
import { refusalFor } from '../wallet-errors';
import { parseWin } from '../wallet-params';

/**
 * win: credits the round's win to the player of the bet it pays (`betTransactionId`), keyed on
 * its `id`, or on that bet when a zero win has none. It lands whatever became of the token.
 */
export function winCall({ sessions, wallet }: WalletCallDeps): WalletCall {
  return async (params) => {
    const parsed = parseWin(params);
    if (!parsed.ok) return parsed.answer;
    const call = parsed.value;
    const who = await creditor(sessions, call);
    if (!who.ok) return who.answer;
    // The player's bet it pays gives what the call may leave out (currency, game), and its
    // own id links the win to it: a refund of that bet is then refused (BetAlreadySettled).
    let bet: LedgerEntry | undefined;
    try {
      bet = await wallet.findBet(provider, call.betTransactionId, who.userId);
    } catch (error) {
      // A betTransactionId the ledger cannot hold (InvalidPosting) is final, like a bad amount.
      const refusal = refusalFor(error);
      if (refusal) return refusal;
      throw error;
    }
    return posted(async () =>
      wallet.postWin({
        userId: who.userId,
        amount: call.amount,
        currency:
          call.currency ??
          bet?.currency ??
          who.session?.currency ??
          (await wallet.getBalance(who.userId)).currency,
        provider,
        // A zero win has no id: one per bet closes the round, keyed on the bet it pays.
        txId: call.id ?? `for-bet:${call.betTransactionId}`,
        betTxId: bet?.betTxId ?? call.betTransactionId,
        ...optionalGame(call.game ?? who.session?.providerGameId ?? bet?.gameId),
        roundId: call.roundId,
        meta: { date: call.date },
      }),
    );
  };
}
