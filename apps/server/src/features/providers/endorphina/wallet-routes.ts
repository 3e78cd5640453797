import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { rawQueryOf, singleValuedParams, unstorableParam } from '../callback-params';
import { logCallbackFailure } from '../failure-log';
import { balanceCall } from './calls/balance';
import { betCall } from './calls/bet';
import { checkCall } from './calls/check';
import { endSessionCall } from './calls/end-session';
import { promoWinCall } from './calls/promo-win';
import { refundCall } from './calls/refund';
import { sessionCall } from './calls/session';
import { winCall } from './calls/win';
import { endorphinaSignValid } from './signature';
import { endoRefusal, fail, sendEndo } from './wallet-answers';
import type { WalletCall, WalletCallDeps } from './wallet-calls';
import type { EndoParams } from './wallet-params';

/** Where Endorphina's EndoAPI callbacks live: the operator URL we give the studio. */
export const endorphinaWalletPrefix = '/api/endo-game/wallet';

export type EndorphinaWalletOptions = WalletCallDeps;

/**
 * EndoAPI's seamless wallet: `session` and `balance` (called when a game opens) and the
 * integration `check`, signed in the query of a GET; the money calls `bet`, `win`, `refund`,
 * `promoWin` and `endSession` on the ledger, signed in a form POST. Every call: the
 * parameters (a repeated one is refused), the sign over them, checked first and in constant
 * time (without a salt nothing is accepted), then the call (calls/*.ts) and its answer. A
 * failure that is not a refusal (the database down) answers INTERNAL_ERROR, which the studio
 * retries with the same id, and is logged by the shared rule (failure-log.ts).
 */
export const endorphinaWalletRoutes: FastifyPluginAsync<EndorphinaWalletOptions> = (app, deps) => {
  const schema = { tags: ['provider callbacks'], hide: true };

  /** The parameters when they are single-valued and their sign is good. */
  const verified = (text: string | undefined): EndoParams | undefined => {
    const params = text === undefined ? undefined : singleValuedParams(text);
    return params && endorphinaSignValid(params, deps.settings.salt) ? params : undefined;
  };

  /** A signed call that no column can store: final (NO_RETRY), never an internal error. */
  const malformed = (reply: FastifyReply) =>
    fail(reply, 'NO_RETRY', 'malformed parameter: a NUL character or an unpaired surrogate');

  const answer = async (
    request: FastifyRequest,
    name: string,
    call: WalletCall,
    params: EndoParams,
  ) => {
    try {
      return await call(params);
    } catch (error) {
      logCallbackFailure(request.log, {
        provider: 'endorphina',
        call: name,
        error,
        answered: 'INTERNAL_ERROR',
      });
      return endoRefusal('INTERNAL_ERROR', 'internal error, please retry');
    }
  };

  const reads: Record<string, WalletCall> = {
    session: sessionCall(deps),
    balance: balanceCall(deps),
    check: checkCall(deps),
  };
  for (const [name, call] of Object.entries(reads)) {
    app.get(`/${name}`, { schema }, async (request, reply) => {
      const params = verified(rawQueryOf(request));
      if (!params) return fail(reply, 'ACCESS_DENIED', 'bad sign');
      if (unstorableParam(params) !== undefined) return malformed(reply);
      return sendEndo(reply, await answer(request, name, call, params));
    });
  }

  const money: Record<string, WalletCall> = {
    bet: betCall(deps),
    win: winCall(deps),
    refund: refundCall(deps),
    promoWin: promoWinCall(deps),
    endSession: endSessionCall(deps),
  };
  for (const [name, call] of Object.entries(money)) {
    app.post(`/${name}`, { schema }, async (request, reply) => {
      const params = verified(typeof request.body === 'string' ? request.body : undefined);
      if (!params) return fail(reply, 'ACCESS_DENIED', 'bad sign');
      if (unstorableParam(params) !== undefined) return malformed(reply);
      return sendEndo(reply, await answer(request, name, call, params));
    });
  }
  return Promise.resolve();
};
