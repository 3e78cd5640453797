import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../../lib/clock';
import { isRecord, parseJson } from '../catalog-fields';
import { acceptRawJsonBodies } from '../callback-params';
import type { Ledger } from '../../wallet/ledger';
import type { LaunchSessions, SessionLookup } from '../../game-sessions/launch-sessions';
import type { GbGamesSettings } from './gbgames-adapter';
import { gbMoneyPostings } from './money-postings';
import { gbSignatureHeader, gbSignatureValid, gbTimestampFresh } from './signature';
import { gbCents, gbError, sendGbAnswer, type GbAnswer } from './wallet-answers';
import { parseGbMessage, type GbMessage } from './wallet-messages';

/** Fixed by the protocol (docs/protocols/gbgames.md §1), under our site root. */
export const gbWalletPath = '/api/game/BetResult_url';

export interface GbWalletOptions {
  settings: GbGamesSettings;
  sessions: LaunchSessions;
  wallet: Ledger;
  clock: Clock;
}

const notLive = (kind: Exclude<SessionLookup['kind'], 'ok' | 'not-found'>): GbAnswer =>
  kind === 'expired'
    ? gbError('TOKEN_EXPIRED', 'the launch token has expired')
    : gbError('TOKEN_EXPIRED', 'the player has signed out');

/**
 * An unexpected failure for the log: its name, code and the start of its message (a database
 * error's). The body, the token and the signature are never logged.
 */
function failureOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { kind: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message.slice(0, 200),
  };
}

/**
 * GB Games' wallet messages (§5): balance, bet, result and refund, all at one path. The
 * signature is checked first, over the raw body, before the JSON is even parsed; then the
 * timestamp's freshness; then the fields (malformed: 400, final). Bets need a live launch
 * session; results and refunds land whatever became of it (§6.3). Money moves only through
 * the ledger, idempotent on the studio's transactionId; a failure that is not the wallet's
 * (the database) is answered 500 INTERNAL, which the studio retries with the same id.
 */
export const gbWalletRoutes: FastifyPluginAsync<GbWalletOptions> = (
  app,
  { settings, sessions, wallet, clock },
) => {
  acceptRawJsonBodies(app);
  const money = gbMoneyPostings(wallet);

  const answer = async (message: GbMessage): Promise<GbAnswer> => {
    // The usual bet in one round trip; a refused one is judged below, token first.
    if (message.type === 'bet') {
      const fast = await money.fastBet(message, clock.now());
      if (fast) return fast;
    }
    const found = await sessions.lookup(message.token, 'gbgames');
    if (found.kind === 'not-found') return gbError('TOKEN_NOT_FOUND', 'unknown launch token');
    const { session } = found;
    // Every message repeats what the token was issued for; a mismatch is someone else's token.
    if (
      message.playerId !== session.userId ||
      message.gameId !== session.providerGameId ||
      message.currency !== session.currency
    ) {
      return gbError(
        'TOKEN_NOT_FOUND',
        'the token was issued for another player, game or currency',
      );
    }
    switch (message.type) {
      case 'balance':
        if (found.kind !== 'ok') return notLive(found.kind);
        return {
          ok: true,
          body: { status: 'OK', balance: gbCents(session.balance), currency: session.currency },
        };
      case 'bet':
        // A retry of a bet applied while the session was live is a repeat, not a new bet.
        if (found.kind !== 'ok' && !(await money.betApplied(message, session))) {
          return notLive(found.kind);
        }
        return money.post(message, session);
      case 'result':
      case 'refund':
        return money.post(message, session);
    }
  };

  app.post(
    gbWalletPath,
    { schema: { tags: ['provider callbacks'], hide: true } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!gbSignatureValid(raw, request.headers[gbSignatureHeader], settings.secret)) {
        return sendGbAnswer(reply, gbError('INVALID_SIGNATURE', 'signature missing or wrong'));
      }
      const body = parseJson(raw);
      if (!isRecord(body)) {
        return sendGbAnswer(reply, gbError('BAD_REQUEST', 'the body must be a JSON object'));
      }
      if (!gbTimestampFresh(body['timestamp'], clock.now())) {
        return sendGbAnswer(
          reply,
          gbError('INVALID_SIGNATURE', 'timestamp missing or more than 5 minutes off'),
        );
      }
      const parsed = parseGbMessage(body);
      if (!parsed.ok) return sendGbAnswer(reply, gbError('BAD_REQUEST', parsed.reason));
      const { message } = parsed;
      try {
        return sendGbAnswer(reply, await answer(message));
      } catch (error) {
        request.log.error(
          {
            failure: failureOf(error),
            type: message.type,
            ...(message.type === 'balance' ? {} : { transactionId: message.transactionId }),
          },
          'GB Games wallet message failed; answered INTERNAL for the studio to retry',
        );
        return sendGbAnswer(
          reply,
          gbError('INTERNAL', 'temporary failure: send the message again, same transactionId'),
        );
      }
    },
  );
  return Promise.resolve();
};
