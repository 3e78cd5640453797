import type { Clock } from '../../../lib/clock';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { rawQueryOf, singleValuedParams } from '../callback-params';
import type { Ledger } from '../../wallet/ledger';
import type { LaunchSessions, OpenSession } from '../../game-sessions/launch-sessions';
import { toThousandthsNumber } from '../../wallet/money';
import {
  endoOk,
  endoRefusal,
  fail,
  failureSummary,
  sendEndo,
  type EndoAnswer,
} from './endo-answers';
import type { EndorphinaSettings } from './endorphina-adapter';
import { createEndorphinaMoneyCalls, type EndorphinaMoneyCalls } from './money-calls';
import { endorphinaSign, endorphinaSignValid } from './sign';

/** Where Endorphina's EndoAPI callbacks live: the operator URL we give the studio. */
export const endorphinaWalletPrefix = '/api/endo-game/wallet';

export interface EndorphinaWalletOptions {
  settings: EndorphinaSettings;
  sessions: LaunchSessions;
  wallet: Ledger;
  /** "Now" for a bet's live-token condition (the same clock as the token lookups). */
  clock: Clock;
}

/**
 * EndoAPI's seamless wallet: `session` and `balance` (called when a game opens), the money
 * calls `bet`, `win`, `refund`, `promoWin` and `endSession` on the ledger (money-calls.ts),
 * and the integration `check`. Every call is signed: the sign is checked first, over the raw
 * parameters, and without a salt nothing is accepted. A failure that is not a refusal (the
 * database down) answers INTERNAL_ERROR, which the studio retries with the same id.
 */
export const endorphinaWalletRoutes: FastifyPluginAsync<EndorphinaWalletOptions> = (
  app,
  { settings, sessions, wallet, clock },
) => {
  const schema = { tags: ['provider callbacks'], hide: true };

  const signedQuery = (url: string): Record<string, string> | undefined => {
    const params = singleValuedParams(url);
    return params && endorphinaSignValid(params, settings.salt) ? params : undefined;
  };

  /**
   * Anything thrown is not a refusal (the database down, a bug): INTERNAL_ERROR, retried by
   * the studio with the same id. Logged without the parameters, token or sign.
   */
  const orInternalError = async (
    request: FastifyRequest,
    call: string,
    answer: () => Promise<EndoAnswer>,
  ): Promise<EndoAnswer> => {
    try {
      return await answer();
    } catch (error) {
      request.log.error({ call, failure: failureSummary(error) }, 'Endorphina callback failed');
      return endoRefusal('INTERNAL_ERROR', 'internal error, please retry');
    }
  };

  /** session and balance: only for a live token, like a bet. */
  const withLiveSession = async (
    params: Record<string, string>,
    answer: (session: OpenSession) => Record<string, unknown>,
  ): Promise<EndoAnswer> => {
    const found = await sessions.lookup(params['token'] ?? '', 'endorphina');
    switch (found.kind) {
      case 'not-found':
        return endoRefusal('TOKEN_NOT_FOUND', 'unknown launch token');
      case 'expired':
        return endoRefusal('TOKEN_EXPIRED', 'the launch token has expired');
      case 'signed-out':
        return endoRefusal('TOKEN_EXPIRED', 'the player has signed out');
      case 'ok':
        return endoOk(answer(found.session));
    }
  };

  app.get('/session', { schema }, async (request, reply) => {
    const params = signedQuery(rawQueryOf(request));
    if (!params) return fail(reply, 'ACCESS_DENIED', 'bad sign');
    const answer = await orInternalError(request, 'session', () =>
      withLiveSession(params, (s) => ({
        player: s.userId,
        currency: s.currency,
        game: s.providerGameId,
      })),
    );
    return sendEndo(reply, answer);
  });

  app.get('/balance', { schema }, async (request, reply) => {
    const params = signedQuery(rawQueryOf(request));
    if (!params) return fail(reply, 'ACCESS_DENIED', 'bad sign');
    const answer = await orInternalError(request, 'balance', () =>
      withLiveSession(params, (s) => ({ balance: toThousandthsNumber(s.balance) })),
    );
    return sendEndo(reply, answer);
  });

  // The integration check: the request is signed by the standard rule (sign = SHA-1(param +
  // salt)); only the answer carries the node id, {nodeId, param, sign} signed by the same
  // rule over its own fields: SHA-1(nodeId + param + salt) (names sorted: nodeId < param).
  app.get('/check', { schema }, (request, reply) => {
    const params = signedQuery(rawQueryOf(request));
    const param = params?.['param'];
    if (!params || param === undefined) return fail(reply, 'ACCESS_DENIED', 'bad sign');
    const answer = { nodeId: settings.nodeId, param };
    return reply
      .header('cache-control', 'no-store')
      .send({ ...answer, sign: endorphinaSign(answer, settings.salt) });
  });

  const moneyCalls = createEndorphinaMoneyCalls({ sessions, wallet, clock });
  const calls: (keyof EndorphinaMoneyCalls)[] = ['bet', 'win', 'refund', 'promoWin', 'endSession'];
  for (const call of calls) {
    app.post(`/${call}`, { schema }, async (request, reply) => {
      const params =
        typeof request.body === 'string' ? singleValuedParams(request.body) : undefined;
      if (!params || !endorphinaSignValid(params, settings.salt)) {
        return fail(reply, 'ACCESS_DENIED', 'bad sign');
      }
      return sendEndo(reply, await orInternalError(request, call, () => moneyCalls[call](params)));
    });
  }
  return Promise.resolve();
};
