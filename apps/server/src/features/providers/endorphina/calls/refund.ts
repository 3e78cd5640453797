import { creditor, optionalGame, parsedCall, posted, provider } from '../wallet-calls';
import { parseRefund } from '../wallet-params';

/** refund: gives a bet back, once, whatever became of the token. */
export const refundCall = parsedCall(parseRefund, async (call, { sessions, wallet }) => {
  const who = await creditor(sessions, call);
  if (!who.ok) return who.answer;
  // `id` is the bet's: the refund's key too. An unknown bet leaves a tombstone. Currency
  // and game, when left out, are the bet's (the ledger refunds exactly the bet).
  return posted(() =>
    wallet.postRefund({
      userId: who.userId,
      provider,
      betTxId: call.id,
      amount: call.amount,
      ...(call.currency === undefined ? {} : { currency: call.currency }),
      ...optionalGame(call.game),
      roundId: call.roundId,
      meta: { date: call.date },
    }),
  );
});
