import { launchTokenPlayer } from '../../../game-sessions';
import type { Ledger, LedgerEntry, PostingResult } from '../../../wallet';
import { InvalidPosting, UnknownPlayer } from '../../../wallet';
import { endoRefusal, type EndoAnswer } from '../wallet-answers';
import { creditor, optionalGame, parsedCall, posted, provider } from '../wallet-calls';
import { refusalFor } from '../wallet-errors';
import { parseWin, type WinCall } from '../wallet-params';

/**
 * win: credits the round's win to the player of the bet it pays, keyed on its `id`, or on
 * that bet when a zero win has none. It lands whatever became of the token. Its bet is found
 * by `betTransactionId` (among the named player's or token's bets, else among all of ours),
 * or, in the platform's older shape without it (amount, date, gameId, id, token), as the one
 * bet of the token's (or named) player in the round `gameId`. The bet gives the player,
 * currency and game the call leaves out. Refused only what cannot be matched: no player at
 * all, or the older shape in a round without a bet (decision 061). The usual shape (token,
 * betTransactionId and id) is one statement: the token's player and the bet are found inside
 * the posting (decision 102); when it finds no such token, the way below answers why.
 */
export const winCall = parsedCall(parseWin, async (call, { sessions, wallet }) => {
  const inOne = postForToken(wallet, call);
  const answer = inOne === undefined ? undefined : await postedInOne(inOne);
  if (answer !== undefined) return answer;
  const named = call.token !== undefined || call.player !== undefined;
  const who = named ? await creditor(sessions, call) : undefined;
  if (who && !who.ok) return who.answer;
  let bet: LedgerEntry | undefined;
  try {
    bet = await betOf(wallet, call, who?.userId);
  } catch (error) {
    // A reference the ledger cannot hold (InvalidPosting) is final, like a bad amount.
    const refusal = refusalFor(error);
    if (refusal) return refusal;
    throw error;
  }
  const userId = who?.userId ?? bet?.userId;
  if (userId === undefined) {
    return endoRefusal('NO_RETRY', 'the win names no player, token or bet of ours');
  }
  if (call.betTransactionId === undefined && bet === undefined) {
    // The older shape names no bet: it is paid only when its round has one to pay.
    return endoRefusal('NO_RETRY', 'missing parameter: betTransactionId (no bet in the round)');
  }
  // A zero win has no id: one per bet closes the round, keyed on the bet it pays.
  const betReference = call.betTransactionId ?? bet?.betTxId ?? undefined;
  const txId = call.id ?? (betReference === undefined ? undefined : `for-bet:${betReference}`);
  if (txId === undefined) return endoRefusal('NO_RETRY', 'missing parameter: id');
  const session = who?.session;
  return posted(async () =>
    wallet.postWin({
      userId,
      amount: call.amount,
      currency:
        call.currency ??
        bet?.currency ??
        session?.currency ??
        (await wallet.getBalance(userId)).currency,
      provider,
      txId,
      // Its own id links the win to its bet: a refund of that bet is then BetAlreadySettled.
      betTxId: bet?.betTxId ?? call.betTransactionId,
      ...optionalGame(call.game ?? session?.providerGameId ?? bet?.gameId),
      roundId: call.roundId,
      meta: { date: call.date },
    }),
  );
});

/** The bet a win pays, or undefined when it cannot be told. */
async function betOf(
  wallet: Ledger,
  call: WinCall,
  userId: string | undefined,
): Promise<LedgerEntry | undefined> {
  if (call.betTransactionId !== undefined) {
    return wallet.findBet(provider, call.betTransactionId, userId);
  }
  if (userId === undefined) return undefined;
  // The older shape: the round's bet. With several, the first gives the player, currency and
  // game, and the win names none of them: its round links it to them all (settlingWins).
  const bets = await wallet.findRoundBets(provider, call.roundId, userId, 2);
  return bets.length === 1 ? bets[0] : bets[0] && { ...bets[0], betTxId: null };
}

/**
 * The usual win (token, betTransactionId and id) as one posting whose statement takes the
 * token's player (any token state; `player`, if sent, must be its), looks the bet up among
 * that player's bets as betOf does, and fills what the call leaves out as below: the currency
 * from the bet, else the token; the game from the token. Undefined for any other shape.
 */
function postForToken(wallet: Ledger, call: WinCall): Promise<PostingResult> | undefined {
  if (call.token === undefined || call.betTransactionId === undefined || call.id === undefined) {
    return undefined;
  }
  const playerFrom = launchTokenPlayer({
    token: call.token,
    provider,
    ...(call.player === undefined ? {} : { userId: call.player }),
  });
  if (playerFrom === undefined) return undefined;
  return wallet.postWin({
    playerFrom,
    amount: call.amount,
    ...(call.currency === undefined ? {} : { currency: call.currency }),
    provider,
    txId: call.id,
    betReference: call.betTransactionId,
    betTxId: call.betTransactionId,
    ...optionalGame(call.game),
    roundId: call.roundId,
    meta: { date: call.date },
  });
}

/**
 * Its answer, or undefined when it posted nothing for want of a player (UnknownPlayer: no
 * such token, or not the named player's) or refused the call as malformed (InvalidPosting,
 * which the usual way answers after the token's own refusals, as before).
 */
async function postedInOne(posting: Promise<PostingResult>): Promise<EndoAnswer | undefined> {
  const missed = await posting.then(
    () => false,
    (error: unknown) => error instanceof UnknownPlayer || error instanceof InvalidPosting,
  );
  // Settled: posted() awaits it again for its answer or its refusal.
  return missed ? undefined : posted(() => posting);
}
