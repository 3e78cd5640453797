import { isUuid } from '../../../../lib/uuid';
import { liveLaunchTokenCondition } from '../../../game-sessions';
import { hashLaunchToken } from '../../../game-sessions';
import type { OpenSession } from '../../../game-sessions';
import { IdempotencyConflict, WalletError } from '../../../wallet';
import { gbPostingAnswer, type GbAnswer } from '../wallet-answers';
import {
  notLive,
  posted,
  postingOf,
  provider,
  sameFingerprint,
  tokenSession,
  type WalletCall,
  type WalletCallDeps,
} from '../wallet-calls';
import type { GbMoneyMessage } from '../wallet-params';

type BetMessage = GbMoneyMessage & { type: 'bet' };

/**
 * bet (§5.2): debits the player of a live token, keyed on the studio's transactionId. The
 * usual bet takes one round trip (fastBet); a refused one is judged again, token first.
 */
export function betCall(deps: WalletCallDeps): WalletCall<BetMessage> {
  const { sessions, wallet } = deps;
  return async (message) => {
    const fast = await fastBet(deps, message);
    if (fast) return fast;
    const token = await tokenSession(sessions, message);
    if (!token.ok) return token.answer;
    const { found } = token;
    // A retry of a bet applied while the session was live is a repeat, not a new bet.
    if (found.kind !== 'ok' && !(await betApplied(deps, message, found.session))) {
      return notLive(found.kind);
    }
    return posted(message, () =>
      wallet.postBet({ ...postingOf(message, found.session.userId), amount: message.amount }),
    );
  };
}

/**
 * A bet in one round trip: posted for the message's own player with the token's liveness and
 * its player, game and currency checked inside the posting (liveLaunchTokenCondition). The
 * answer when it was taken or is a repeat; undefined when the ledger refused it, for the
 * caller to look the token up and answer why.
 */
async function fastBet(
  { wallet, clock }: WalletCallDeps,
  message: BetMessage,
): Promise<GbAnswer | undefined> {
  if (!isUuid(message.playerId) || message.token.length > 200) return undefined;
  try {
    const result = await wallet.postBet({
      ...postingOf(message, message.playerId),
      amount: message.amount,
      admission: liveLaunchTokenCondition({
        tokenHash: hashLaunchToken(message.token),
        userId: message.playerId,
        provider,
        providerGameId: message.gameId,
        currency: message.currency,
        now: clock.now(),
      }),
    });
    if (result.outcome === 'replayed' && !sameFingerprint(result, message)) return undefined;
    return gbPostingAnswer(result.balance, result.transactionId);
  } catch (error) {
    if (error instanceof WalletError) return undefined;
    throw error;
  }
}

/**
 * Whether this bet was applied before (a retry whose first attempt landed while the session
 * was still live): such a repeat gets its first answer, not TOKEN_EXPIRED, or the studio would
 * take a debited bet for a refused one and never refund it.
 */
async function betApplied(
  { wallet }: WalletCallDeps,
  message: BetMessage,
  session: OpenSession,
): Promise<boolean> {
  try {
    const bet = { ...postingOf(message, session.userId), amount: message.amount };
    return (await wallet.replayOfBet(bet)) !== undefined;
  } catch (error) {
    // The id is taken by other content: the posting answers that conflict (409), moving nothing.
    if (error instanceof IdempotencyConflict) return true;
    throw error;
  }
}
