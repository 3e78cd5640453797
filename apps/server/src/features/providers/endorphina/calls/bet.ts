import { isUuid } from '../../../../lib/uuid';
import { liveLaunchTokenCondition } from '../../../game-sessions';
import { hashLaunchToken } from '../../../game-sessions';
import type { PostingResult } from '../../../wallet';
import { WalletError } from '../../../wallet';
import { endoRefusal } from '../wallet-answers';
import {
  closedSession,
  meta,
  mismatch,
  parsedCall,
  posted,
  postingAnswer,
  provider,
} from '../wallet-calls';
import { refusalFor } from '../wallet-errors';
import { parseBet } from '../wallet-params';

/**
 * bet: debits the player of a live token, keyed on the studio's `id`. The token's player,
 * currency and game must be the call's.
 */
export const betCall = parsedCall(parseBet, async (call, { sessions, wallet, clock }) => {
  /** The bet for `userId`: the call's own player, or its token's. */
  const betOf = (userId: string) => ({
    userId,
    amount: call.amount,
    currency: call.currency,
    provider,
    txId: call.id,
    gameId: call.game,
    roundId: call.roundId,
    meta: meta(call),
  });
  // The usual bet, in one round trip: the token's liveness and its player, currency and
  // game are checked inside the posting's statement. Only a refusal looks the token up,
  // below, to answer why (or to find the first answer of a retried bet).
  if (isUuid(call.player) && call.token.length > 0 && call.token.length <= 200) {
    try {
      return postingAnswer(
        await wallet.postBet({
          ...betOf(call.player),
          admission: liveLaunchTokenCondition({
            tokenHash: hashLaunchToken(call.token),
            userId: call.player,
            provider,
            providerGameId: call.game,
            currency: call.currency,
            now: clock.now(),
          }),
        }),
      );
    } catch (error) {
      // Any refusal is judged again below, in the protocol's order (token first).
      if (!(error instanceof WalletError)) throw error;
    }
  }
  const found = await sessions.lookup(call.token, provider);
  if (found.kind === 'not-found') {
    return endoRefusal('TOKEN_NOT_FOUND', 'unknown launch token');
  }
  const wrong = mismatch(call, found.session, ['player', 'currency', 'game']);
  if (wrong) return wrong;
  const bet = betOf(found.session.userId);
  if (found.kind !== 'ok') {
    // A new bet needs a live session (not expired, signed out or ended by endSession);
    // a retry of one applied while it was live gets its first answer, or the studio
    // would take a debited bet for refused and never refund it.
    let replay: PostingResult | undefined;
    try {
      replay = await wallet.replayOfBet(bet);
    } catch (error) {
      const refusal = refusalFor(error);
      if (refusal) return refusal;
      throw error;
    }
    return replay ? postingAnswer(replay) : closedSession(found.kind);
  }
  return posted(() => wallet.postBet(bet));
});
