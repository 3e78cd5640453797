import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { singleValuedParams } from '../callback-params';
import type { Ledger } from '../../wallet/ledger';
import type { LaunchSessions } from '../launch-sessions';
import { centsText } from '../money-units';
import type { PragmaticSettings } from './pragmatic-adapter';
import { pragmaticHashValid } from './hash';

/** Where Pragmatic's Seamless Wallet calls land: {prefix}/{method}.html */
export const pragmaticWalletPrefix = '/api/pragmatic/wallet';

/** Seamless Wallet error numbers we answer with (PROTOCOLS.md, Pragmatic). */
const errors = {
  playerNotFound: 2,
  badToken: 4,
  badHash: 5,
  badParameters: 7,
  noRetry: 120,
} as const;

/** Every answer is HTTP 200 JSON with `error` and `description`, as the protocol has it. */
function answer(reply: FastifyReply, body: Record<string, unknown>): FastifyReply {
  return reply.header('cache-control', 'no-store').send(body);
}

function fail(reply: FastifyReply, error: number, description: string): FastifyReply {
  return answer(reply, { error, description });
}

/**
 * Cash as Pragmatic reads it: a JSON number with two decimals. Built from the exact decimal
 * text, so the number printed is exactly that text (no float arithmetic on the amount).
 */
const cash = (thousandths: bigint): number => Number(centsText(thousandths));

export interface PragmaticWalletOptions {
  settings: PragmaticSettings;
  sessions: LaunchSessions;
  wallet: Ledger;
}

/**
 * The read-only part of Pragmatic's Seamless Wallet: `authenticate` (the game opening) and
 * `balance`. The hash is checked first, over the raw form parameters; a request that repeats
 * a parameter is malformed (7), a missing or wrong hash is 5, and without a secret key
 * everything is 5. Money methods come with the wallet ledger; until then they are refused
 * with 120 (internal error, no retry), final for the provider.
 */
export const pragmaticWalletRoutes: FastifyPluginAsync<PragmaticWalletOptions> = (
  app,
  { settings, sessions },
) => {
  const schema = { tags: ['provider callbacks'], hide: true };

  /** The parameters when the hash is good; otherwise the reply is sent and undefined returned. */
  const verified = (body: unknown, reply: FastifyReply): Record<string, string> | undefined => {
    const params = typeof body === 'string' ? singleValuedParams(body) : {};
    if (!params) {
      void fail(reply, errors.badParameters, 'Bad parameters: a parameter is repeated');
      return undefined;
    }
    if (!pragmaticHashValid(params, settings.secretKey)) {
      void fail(reply, errors.badHash, 'Invalid hash code');
      return undefined;
    }
    return params;
  };

  // No bonus money exists here: `bonus` is always 0 and the balance shown is all cash.
  const balanceOf = (wallet: { currency: string; balance: bigint }) => ({
    currency: wallet.currency,
    cash: cash(wallet.balance),
    bonus: 0,
    error: 0,
    description: 'Success',
  });

  app.post('/authenticate.html', { schema }, async (request, reply) => {
    const params = verified(request.body, reply);
    if (!params) return reply;
    const token = params['token'];
    if (!token || !params['providerId']) {
      return fail(reply, errors.badParameters, 'Bad parameters: token and providerId are required');
    }
    const found = await sessions.lookup(token, 'pragmatic');
    if (found.kind !== 'ok') {
      return fail(reply, errors.badToken, `Authentication failed: token ${found.kind}`);
    }
    // The token was issued for one game; opening another with it is refused.
    const gameId = params['gameId'];
    if (gameId !== undefined && gameId !== found.session.providerGameId) {
      return fail(reply, errors.badToken, 'Authentication failed: token issued for another game');
    }
    return answer(reply, { userId: found.session.userId, ...balanceOf(found.session) });
  });

  app.post('/balance.html', { schema }, async (request, reply) => {
    const params = verified(request.body, reply);
    if (!params) return reply;
    const userId = params['userId'];
    if (!userId || !params['providerId']) {
      return fail(
        reply,
        errors.badParameters,
        'Bad parameters: userId and providerId are required',
      );
    }
    const token = params['token'];
    if (token) {
      const found = await sessions.lookup(token, 'pragmatic');
      if (found.kind !== 'ok' || found.session.userId !== userId) {
        return fail(reply, errors.badToken, 'Authentication failed: bad or expired token');
      }
      return answer(reply, balanceOf(found.session));
    }
    const wallet = /^[0-9a-f-]{36}$/i.test(userId) ? await sessions.findWallet(userId) : undefined;
    if (!wallet) return fail(reply, errors.playerNotFound, 'Player not found');
    return answer(reply, balanceOf(wallet));
  });

  for (const method of [
    'bet',
    'result',
    'bonusWin',
    'jackpotWin',
    'promoWin',
    'refund',
    'endRound',
    'getBalancePerGame',
  ]) {
    app.post(`/${method}.html`, { schema }, (request, reply) => {
      if (!verified(request.body, reply)) return reply;
      return fail(reply, errors.noRetry, `${method} is not supported yet: no money moves`);
    });
  }
  return Promise.resolve();
};
