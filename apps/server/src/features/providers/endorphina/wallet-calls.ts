import type { Clock } from '../../../lib/clock';
import { isUuid } from '../../../lib/uuid';
import type { LaunchSessions, OpenSession } from '../../game-sessions';
import type { Ledger } from '../../wallet';
import type { PostingResult } from '../../wallet';
import { toThousandthsNumber } from '../../wallet';
import { BetAlreadyRefunded } from '../../wallet';
import type { EndorphinaSettings } from './adapter';
import { endoOk, endoRefusal, type EndoAnswer } from './wallet-answers';
import { refusalFor } from './wallet-errors';
import type { CreditCall, EndoParams, Parsed, TokenMoneyCall } from './wallet-params';

/**
 * What EndoAPI's calls (calls/*.ts) share: their dependencies, their shape, and the steps
 * several of them take. Every posting is idempotent on the studio's id: a repeat answers the
 * FIRST answer again (its transactionId and the balance right after it), so a retried call
 * gets the same body. Refusals come back as answers; anything else (the database down) is
 * thrown, for the route to answer INTERNAL_ERROR, which the studio retries.
 */

export const provider = 'endorphina';

export interface WalletCallDeps {
  settings: EndorphinaSettings;
  sessions: LaunchSessions;
  wallet: Ledger;
  /** "Now" for a bet's live-token condition (the same clock as the token lookups). */
  clock: Clock;
}

/** One call: from its signed parameters to its answer. */
export type WalletCall = (params: EndoParams) => Promise<EndoAnswer>;

/**
 * A money call, from its dependencies: its parameters parsed first, a malformed call answered
 * by its parser, a well-formed one by `answer`.
 */
export const parsedCall =
  <C>(
    parse: (params: EndoParams) => Parsed<C>,
    answer: (call: C, deps: WalletCallDeps) => Promise<EndoAnswer>,
  ) =>
  (deps: WalletCallDeps): WalletCall =>
  async (params) => {
    const parsed = parse(params);
    return parsed.ok ? answer(parsed.value, deps) : parsed.answer;
  };

/** A game name for the ledger when there is one (the ledger takes none rather than ''). */
export const optionalGame = (game: string | null | undefined): { gameId?: string } =>
  game === undefined || game === null ? {} : { gameId: game };

/** The round's start, kept with the posting for audit when sent. */
export const meta = (call: TokenMoneyCall) => (call.date === undefined ? {} : { date: call.date });

export const postingAnswer = (result: PostingResult): EndoAnswer =>
  endoOk({
    balance: toThousandthsNumber(result.balanceAfter),
    transactionId: result.transactionId,
  });

/** Posts, answering the posting or the refusal; rethrows what is not a refusal. */
export async function posted(post: () => Promise<PostingResult>): Promise<EndoAnswer> {
  try {
    return postingAnswer(await post());
  } catch (error) {
    // A second refund id for a refunded bet: Endorphina wants plain success, the first one.
    if (error instanceof BetAlreadyRefunded) return postingAnswer(error.first);
    const refusal = refusalFor(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** Why a call that needs a live session is refused (expired, signed out or ended). */
export const closedSession = (kind: 'expired' | 'signed-out'): EndoAnswer =>
  kind === 'expired'
    ? endoRefusal('TOKEN_EXPIRED', 'the launch token has expired')
    : endoRefusal('TOKEN_EXPIRED', 'the player has signed out');

type Found = { ok: true; session: OpenSession } | { ok: false; answer: EndoAnswer };

/** Wins, refunds and endSession land whatever the kind: they come after expiry and logout. */
export async function anySession(sessions: LaunchSessions, token: string): Promise<Found> {
  const found = await sessions.lookup(token, provider);
  if (found.kind === 'not-found') {
    return { ok: false, answer: endoRefusal('TOKEN_NOT_FOUND', 'unknown launch token') };
  }
  return { ok: true, session: found.session };
}

/** session and balance: only for a live token, like a bet. */
export async function withLiveSession(
  sessions: LaunchSessions,
  params: EndoParams,
  answer: (session: OpenSession) => Record<string, unknown>,
): Promise<EndoAnswer> {
  const found = await sessions.lookup(params['token'] ?? '', provider);
  switch (found.kind) {
    case 'not-found':
      return endoRefusal('TOKEN_NOT_FOUND', 'unknown launch token');
    case 'expired':
    case 'signed-out':
      return closedSession(found.kind);
    case 'ok':
      return endoOk(answer(found.session));
  }
}

/** The first of the named fields the call does not share with the token's session. */
export function mismatch(
  call: TokenMoneyCall,
  session: OpenSession,
  fields: readonly ('player' | 'currency' | 'game')[],
): EndoAnswer | undefined {
  const expected = {
    player: session.userId,
    currency: session.currency,
    game: session.providerGameId,
  };
  const field = fields.find((name) => call[name] !== expected[name]);
  return field === undefined
    ? undefined
    : endoRefusal('NO_RETRY', `${field} is not the launch token's ${field}`);
}

/**
 * Whose wallet a win or refund credits: the token's player when a token is sent (any
 * token state: credits land after expiry and logout; `player`, if sent, must be its),
 * else `player`, our user id. With the token's session, for what the call leaves out.
 */
export async function creditor(
  sessions: LaunchSessions,
  call: CreditCall,
): Promise<
  { ok: true; userId: string; session: OpenSession | undefined } | { ok: false; answer: EndoAnswer }
> {
  if (call.token === undefined) {
    const player = call.player ?? '';
    if (!isUuid(player)) {
      return { ok: false, answer: endoRefusal('TOKEN_NOT_FOUND', 'unknown player') };
    }
    return { ok: true, userId: player, session: undefined };
  }
  const found = await anySession(sessions, call.token);
  if (!found.ok) return found;
  if (call.player !== undefined && call.player !== found.session.userId) {
    return {
      ok: false,
      answer: endoRefusal('NO_RETRY', "player is not the launch token's player"),
    };
  }
  return { ok: true, userId: found.session.userId, session: found.session };
}
