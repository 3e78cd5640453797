import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Clock } from '../../../lib/clock';
import { isRecord, parseJson } from '../catalog-fields';
import { acceptRawJsonBodies } from '../callback-params';
import type { Ledger } from '../../wallet/ledger';
import type { LaunchSessions } from '../launch-sessions';
import { centsText } from '../money-units';
import type { GbGamesSettings } from './gbgames-adapter';
import { gbSignatureHeader, gbSignatureValid, gbTimestampFresh } from './signature';

/** Fixed by the protocol (docs/protocols/gbgames.md §1), under our site root. */
export const gbWalletPath = '/api/game/BetResult_url';

type GbError = 'INVALID_SIGNATURE' | 'BAD_REQUEST' | 'TOKEN_NOT_FOUND' | 'TOKEN_EXPIRED';

const statusOf: Record<GbError, number> = {
  INVALID_SIGNATURE: 401,
  BAD_REQUEST: 400,
  TOKEN_EXPIRED: 403,
  TOKEN_NOT_FOUND: 404,
};

function fail(reply: FastifyReply, code: GbError, message: string): FastifyReply {
  return reply
    .code(statusOf[code])
    .header('cache-control', 'no-store')
    .send({ status: 'ERROR', code, message });
}

export interface GbWalletOptions {
  settings: GbGamesSettings;
  sessions: LaunchSessions;
  wallet: Ledger;
  clock: Clock;
}

/**
 * GB Games' wallet messages (§5). The signature is checked first, over the raw body, before
 * the JSON is even parsed; then the timestamp's freshness. Only `balance` is answered for
 * now: bet, result and refund come with the wallet ledger and are refused as BAD_REQUEST
 * (final for the studio, so nothing is retried or refunded against an untouched wallet).
 */
export const gbWalletRoutes: FastifyPluginAsync<GbWalletOptions> = (
  app,
  { settings, sessions, clock },
) => {
  acceptRawJsonBodies(app);

  app.post(
    gbWalletPath,
    { schema: { tags: ['provider callbacks'], hide: true } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!gbSignatureValid(raw, request.headers[gbSignatureHeader], settings.secret)) {
        return fail(reply, 'INVALID_SIGNATURE', 'signature missing or wrong');
      }
      const message = parseJson(raw);
      if (!isRecord(message)) return fail(reply, 'BAD_REQUEST', 'the body must be a JSON object');
      if (!gbTimestampFresh(message['timestamp'], clock.now())) {
        return fail(reply, 'INVALID_SIGNATURE', 'timestamp missing or more than 5 minutes off');
      }
      const type = message['type'];
      if (type !== 'balance') {
        const name = typeof type === 'string' ? type.slice(0, 40) : 'without a type';
        return fail(
          reply,
          'BAD_REQUEST',
          `message type ${name} is not supported yet: no money moves`,
        );
      }
      const field = (name: string) =>
        typeof message[name] === 'string' ? message[name] : undefined;
      const found = await sessions.lookup(field('token') ?? '', 'gbgames');
      if (found.kind === 'not-found') return fail(reply, 'TOKEN_NOT_FOUND', 'unknown launch token');
      if (found.kind === 'expired')
        return fail(reply, 'TOKEN_EXPIRED', 'the launch token has expired');
      if (found.kind === 'signed-out')
        return fail(reply, 'TOKEN_EXPIRED', 'the player has signed out');
      const { session } = found;
      // Every message repeats what the token was issued for; a mismatch is someone else's token.
      if (
        field('playerId') !== session.userId ||
        field('gameId') !== session.providerGameId ||
        field('currency') !== session.currency
      ) {
        return fail(
          reply,
          'TOKEN_NOT_FOUND',
          'the token was issued for another player, game or currency',
        );
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ status: 'OK', balance: centsText(session.balance), currency: session.currency });
    },
  );
  return Promise.resolve();
};
