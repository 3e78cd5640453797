import type { Clock } from '../../../lib/clock';
import type { LaunchSessions, SessionLookup } from '../../game-sessions';
import type { Ledger } from '../../wallet';
import type { PostingResult } from '../../wallet';
import { BetAlreadyRefunded, InvalidPosting, UnknownPlayer } from '../../wallet';
import type { GbGamesSettings } from './adapter';
import { gbError, gbPostingAnswer, type GbAnswer } from './wallet-answers';
import { refusalFor } from './wallet-errors';
import type { GbMessage, GbMoneyMessage } from './wallet-params';

/**
 * What GB Games' wallet messages (calls/*.ts) share: their dependencies, their shape, and the
 * steps several of them take. bet, result and refund (§5.2–5.4) are ledger postings,
 * idempotent on the studio's transactionId, answered as §5 and §7 say. Only a ledger refusal
 * becomes a protocol error; anything else (the database) is thrown for the route to answer
 * INTERNAL.
 */

export const provider = 'gbgames';

export interface WalletCallDeps {
  settings: GbGamesSettings;
  sessions: LaunchSessions;
  wallet: Ledger;
  clock: Clock;
}

/** One message type: from the checked message to its answer. */
export type WalletCall<M extends GbMessage> = (message: M) => Promise<GbAnswer>;

/** A session the token found: live or not (credits land whatever became of it). */
export type FoundSession = Exclude<SessionLookup, { kind: 'not-found' }>;

/**
 * The token's session, whatever its state. Every message repeats what the token was issued
 * for (§5); a mismatch is someone else's token.
 */
export async function tokenSession(
  sessions: LaunchSessions,
  message: GbMessage,
): Promise<{ ok: true; found: FoundSession } | { ok: false; answer: GbAnswer }> {
  const found = await sessions.lookup(message.token, provider);
  if (found.kind === 'not-found') {
    return { ok: false, answer: gbError('TOKEN_NOT_FOUND', 'unknown launch token') };
  }
  const { session } = found;
  if (
    message.playerId !== session.userId ||
    message.gameId !== session.providerGameId ||
    message.currency !== session.currency
  ) {
    return {
      ok: false,
      answer: gbError(
        'TOKEN_NOT_FOUND',
        'the token was issued for another player, game or currency',
      ),
    };
  }
  return { ok: true, found };
}

/** Why a message that needs a live session is refused. */
export const notLive = (kind: Exclude<SessionLookup['kind'], 'ok' | 'not-found'>): GbAnswer =>
  kind === 'expired'
    ? gbError('TOKEN_EXPIRED', 'the launch token has expired')
    : gbError('TOKEN_EXPIRED', 'the player has signed out');

/** What every posting of a message carries, for the player `userId` (the token's, usually). */
export const postingOf = (message: GbMoneyMessage, userId: string) => ({
  userId,
  provider,
  txId: message.transactionId,
  currency: message.currency,
  gameId: message.gameId,
  roundId: message.roundId,
  // Kept for audit, never compared by the ledger: a retry has a new timestamp.
  meta: { timestamp: message.timestamp, fingerprint: message.fingerprint },
});

/** The stored row's fingerprint is the first message's; a row without one is not judged. */
export function sameFingerprint(result: PostingResult, message: GbMoneyMessage): boolean {
  const stored = result.entry.meta?.['fingerprint'];
  return typeof stored !== 'string' || stored === message.fingerprint;
}

/**
 * result and refund (§5.3, §5.4), from their dependencies: posted whatever became of the
 * launch session (§6.3), for the token's player; `post` is the message's own posting.
 * `postForToken`, when given, posts it with the token's player found inside the posting's
 * own statement (one round trip, decision 102); undefined when it cannot be tried. When it
 * finds no such token (unknown, another's, or another game's or currency's) or the message is
 * malformed, nothing was posted and the usual way below looks the token up and answers.
 */
export const creditCall =
  <M extends GbMoneyMessage>(
    post: (message: M, userId: string, wallet: Ledger) => Promise<PostingResult>,
    postForToken?: (message: M, wallet: Ledger) => Promise<PostingResult> | undefined,
  ) =>
  ({ sessions, wallet }: WalletCallDeps): WalletCall<M> =>
  async (message) => {
    const inOne = postForToken?.(message, wallet);
    const answer = inOne === undefined ? undefined : await postedInOne(message, inOne);
    if (answer !== undefined) return answer;
    const token = await tokenSession(sessions, message);
    if (!token.ok) return token.answer;
    return posted(message, () => post(message, token.found.session.userId, wallet));
  };

/**
 * The answer of a posting whose player its statement took from the token, or undefined when
 * it posted nothing for want of one (UnknownPlayer) or refused the message as malformed
 * (InvalidPosting, which the usual way answers after the token's own refusals).
 */
async function postedInOne(
  message: GbMoneyMessage,
  posting: Promise<PostingResult>,
): Promise<GbAnswer | undefined> {
  const missed = await posting.then(
    () => false,
    (error: unknown) => error instanceof UnknownPlayer || error instanceof InvalidPosting,
  );
  // Settled: posted() awaits it again for its answer or its refusal.
  return missed ? undefined : posted(message, () => posting);
}

/** Posts the message; a repeat of an applied one answers the first answer again. */
export async function posted(
  message: GbMoneyMessage,
  post: () => Promise<PostingResult>,
): Promise<GbAnswer> {
  try {
    const result = await post();
    if (result.outcome === 'replayed' && !sameFingerprint(result, message)) {
      return gbError(
        'DUPLICATE_MISMATCH',
        `transactionId ${message.transactionId} was sent before with different content`,
      );
    }
    // The first answer again, with the current balance (§6.2).
    return gbPostingAnswer(result.balance, result.transactionId);
  } catch (error) {
    // A second refund of one bet under another transactionId: the first refund's answer.
    if (error instanceof BetAlreadyRefunded) {
      return gbPostingAnswer(error.first.balance, error.first.transactionId);
    }
    const refusal = refusalFor(error, message);
    if (refusal) return refusal;
    throw error;
  }
}
