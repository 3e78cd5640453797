import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { rawQueryOf, singleValuedParams } from '../callback-params';
import { signaturesEqual } from '../constant-time';
import type { Ledger } from '../../wallet/ledger';
import type { LaunchSessions, OpenSession } from '../launch-sessions';
import { thousandthsNumber } from '../money-units';
import { endorphinaSignValid } from './sign';
import type { EndorphinaSettings } from './endorphina-adapter';

/** Where Endorphina's EndoAPI callbacks live: the operator URL we give the studio. */
export const endorphinaWalletPrefix = '/api/endo-game/wallet';

type EndoError =
  'ACCESS_DENIED' | 'TOKEN_NOT_FOUND' | 'TOKEN_EXPIRED' | 'NO_RETRY' | 'INTERNAL_ERROR';

const statusOf: Record<EndoError, number> = {
  ACCESS_DENIED: 401,
  TOKEN_EXPIRED: 403,
  TOKEN_NOT_FOUND: 404,
  NO_RETRY: 429,
  INTERNAL_ERROR: 500,
};

/** EndoAPI errors: `{code, message}` with the HTTP status the protocol assigns to the code. */
function fail(reply: FastifyReply, code: EndoError, message: string): FastifyReply {
  return reply.code(statusOf[code]).header('cache-control', 'no-store').send({ code, message });
}

export interface EndorphinaWalletOptions {
  settings: EndorphinaSettings;
  sessions: LaunchSessions;
  wallet: Ledger;
}

/**
 * The read-only part of EndoAPI's seamless wallet: `session` and `balance` (called when a game
 * opens) and the integration `check`. Money calls come with the wallet ledger; until then
 * they are refused with NO_RETRY, which the studio treats as final, so nothing is retried
 * or refunded against a wallet that never moved. Every call is signed: the sign is checked
 * before anything else, and without a salt nothing is accepted.
 */
export const endorphinaWalletRoutes: FastifyPluginAsync<EndorphinaWalletOptions> = (
  app,
  { settings, sessions },
) => {
  const schema = { tags: ['provider callbacks'], hide: true };

  const signedQuery = (url: string): Record<string, string> | undefined => {
    const params = singleValuedParams(url);
    return params && endorphinaSignValid(params, settings.salt) ? params : undefined;
  };

  const withSession = async (
    params: Record<string, string>,
    reply: FastifyReply,
    answer: (session: OpenSession) => object,
  ): Promise<FastifyReply> => {
    const found = await sessions.lookup(params['token'] ?? '', 'endorphina');
    switch (found.kind) {
      case 'not-found':
        return fail(reply, 'TOKEN_NOT_FOUND', 'unknown launch token');
      case 'expired':
        return fail(reply, 'TOKEN_EXPIRED', 'the launch token has expired');
      case 'signed-out':
        return fail(reply, 'TOKEN_EXPIRED', 'the player has signed out');
      case 'ok':
        return reply.header('cache-control', 'no-store').send(answer(found.session));
    }
  };

  app.get('/session', { schema }, async (request, reply) => {
    const params = signedQuery(rawQueryOf(request));
    if (!params) return fail(reply, 'ACCESS_DENIED', 'bad sign');
    return withSession(params, reply, (s) => ({
      player: s.userId,
      currency: s.currency,
      game: s.providerGameId,
    }));
  });

  app.get('/balance', { schema }, async (request, reply) => {
    const params = signedQuery(rawQueryOf(request));
    if (!params) return fail(reply, 'ACCESS_DENIED', 'bad sign');
    return withSession(params, reply, (s) => ({ balance: thousandthsNumber(s.balance) }));
  });

  // The integration check: sign = SHA-1(nodeId + param + salt), answered in kind.
  app.get('/check', { schema }, (request, reply) => {
    const params = singleValuedParams(rawQueryOf(request));
    const param = params?.['param'];
    const sign = params?.['sign'];
    if (!settings.salt || param === undefined || sign === undefined) {
      return fail(reply, 'ACCESS_DENIED', 'bad sign');
    }
    const expected = createHash('sha1')
      .update(settings.nodeId + param + settings.salt, 'utf8')
      .digest('hex');
    if (!signaturesEqual(expected, sign)) return fail(reply, 'ACCESS_DENIED', 'bad sign');
    return reply.send({ nodeId: settings.nodeId, param, sign: expected });
  });

  for (const call of ['bet', 'win', 'refund', 'promoWin', 'endSession']) {
    app.post(`/${call}`, { schema }, (request, reply) => {
      const params =
        typeof request.body === 'string' ? singleValuedParams(request.body) : undefined;
      if (!params || !endorphinaSignValid(params, settings.salt)) {
        return fail(reply, 'ACCESS_DENIED', 'bad sign');
      }
      return fail(reply, 'NO_RETRY', `${call} is not supported yet: no money moves`);
    });
  }
  return Promise.resolve();
};
