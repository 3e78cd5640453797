import type { Clock } from '../../../lib/clock';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MoneyFormatError } from '../../wallet';
import type { Ledger } from '../../wallet';
import { WalletError } from '../../wallet';
import { singleValuedParams, unstorableParam } from '../callback-params';
import type { LaunchSessions } from '../../game-sessions';
import { logCallbackFailure } from '../failure-log';
import type { PragmaticSettings } from './adapter';
import { adjustmentCall } from './calls/adjustment';
import { authenticateCall } from './calls/authenticate';
import { balanceCall } from './calls/balance';
import { balancePerGameCall } from './calls/balance-per-game';
import { betCall } from './calls/bet';
import { bonusWinCall } from './calls/bonus-win';
import { endRoundCall } from './calls/end-round';
import { jackpotWinCall } from './calls/jackpot-win';
import { noticeCall } from './calls/notice';
import { promoWinCall } from './calls/promo-win';
import { refundCall } from './calls/refund';
import { resultCall } from './calls/result';
import type { PragmaticGames } from './catalog-games';
import { pragmaticHashValid } from './signature';
import { pragmaticErrors, refusal, sendAnswer, type PragmaticAnswer } from './wallet-answers';
import type { WalletCall, WalletCallDeps } from './wallet-calls';
import { walletCurrencies } from './wallet-currencies';
import { internalFailure, walletRefusal } from './wallet-errors';

/** Where Pragmatic's Seamless Wallet calls land: {prefix}/{method}.html */
export const pragmaticWalletPrefix = '/api/pragmatic/wallet';

export interface PragmaticWalletOptions {
  settings: PragmaticSettings;
  sessions: LaunchSessions;
  /** "Now" for a bet's live-launch condition (the same clock as the launch lookups). */
  clock: Clock;
  /** The only way these callbacks move money. */
  wallet: Ledger;
  /**
   * Our catalog, for "game not found or disabled" (8) on a bet. Without it a bet is judged by
   * the player's launches alone: a game never launched is 4, a disabled one is not noticed.
   */
  games?: PragmaticGames;
}

interface Method {
  handler: WalletCall;
  /** "Internal error, retry" for this method: 100, endRound's own 130. */
  retryCode: number;
  /**
   * Whether a failure a retry cannot fix may be answered 120 (no retry, no reconciliation).
   * Only where nothing would then be owed: a bet (the provider refunds or forgets it) and the
   * reads. Credits and adjustments always answer the retry code (decision 033).
   */
  final: boolean;
}

/**
 * Pragmatic's Seamless Wallet (docs/protocols/pragmatic.md, "Operator side"). Every call:
 * a repeated parameter is malformed (7); then the hash over the raw form parameters, in
 * constant time (5 when missing or wrong, and for everything without a secret key); then the
 * method. A ledger refusal is the protocol's error for it; any other failure is "internal
 * error, retry" (100; endRound 130), or 120 when a retry cannot help and nothing is owed
 * (wallet-errors.ts). Method names are matched without regard to case, as the provider
 * spells some of them its own way (`GetBalancePerGame.html`).
 */
export const pragmaticWalletRoutes: FastifyPluginAsync<PragmaticWalletOptions> = (
  app,
  { settings, sessions, wallet, games, clock },
) => {
  const schema = { tags: ['provider callbacks'], hide: true };

  /** The parameters when the hash is good; otherwise the refusal to answer. */
  const verify = (
    body: unknown,
  ): { params: Record<string, string> } | { refused: PragmaticAnswer } => {
    const params = typeof body === 'string' ? singleValuedParams(body) : {};
    if (!params) {
      return {
        refused: refusal(pragmaticErrors.badParameters, 'Bad parameters: a parameter is repeated'),
      };
    }
    if (!pragmaticHashValid(params, settings.secretKey)) {
      return { refused: refusal(pragmaticErrors.badHash, 'Invalid hash code') };
    }
    if (unstorableParam(params) !== undefined) {
      return {
        refused: refusal(
          pragmaticErrors.badParameters,
          'Bad parameters: a parameter holds a NUL character or an unpaired surrogate',
        ),
      };
    }
    return { params };
  };

  const deps: WalletCallDeps = {
    sessions,
    wallet,
    games,
    clock,
    currencies: walletCurrencies(wallet),
  };
  const retry = pragmaticErrors.retry;
  const methods: Record<string, Method> = {
    authenticate: { handler: authenticateCall(deps), retryCode: retry, final: true },
    balance: { handler: balanceCall(deps), retryCode: retry, final: true },
    bet: { handler: betCall(deps), retryCode: retry, final: true },
    result: { handler: resultCall(deps), retryCode: retry, final: false },
    bonusWin: { handler: bonusWinCall(deps), retryCode: retry, final: false },
    jackpotWin: { handler: jackpotWinCall(deps), retryCode: retry, final: false },
    promoWin: { handler: promoWinCall(deps), retryCode: retry, final: false },
    refund: { handler: refundCall(deps), retryCode: retry, final: false },
    adjustment: { handler: adjustmentCall(deps), retryCode: retry, final: false },
    endRound: {
      handler: endRoundCall(deps),
      retryCode: pragmaticErrors.endRoundRetry,
      final: true,
    },
    getBalancePerGame: { handler: balancePerGameCall(deps), retryCode: retry, final: true },
    roundDetails: { handler: noticeCall(), retryCode: retry, final: true },
    'session/expired': { handler: noticeCall(), retryCode: retry, final: true },
  };
  const byLowerCase = new Map(
    Object.entries(methods).map(([name, method]) => [name.toLowerCase(), { name, ...method }]),
  );

  // One route for every method, found by its lower-cased name: find-my-way matches paths by
  // case, and `GetBalancePerGame.html` must reach the same handler as `getBalancePerGame.html`.
  app.post<{ Params: { '*': string } }>(
    '/*',
    { schema },
    async (request, reply): Promise<FastifyReply> => {
      const path = request.params['*'].toLowerCase();
      const method = path.endsWith('.html') ? byLowerCase.get(path.slice(0, -5)) : undefined;
      if (!method) {
        reply.callNotFound();
        return reply;
      }
      const verified = verify(request.body);
      if ('refused' in verified) return sendAnswer(reply, verified.refused);
      try {
        return sendAnswer(reply, await method.handler(verified.params));
      } catch (error) {
        if (error instanceof WalletError || error instanceof MoneyFormatError) {
          return sendAnswer(reply, walletRefusal(error));
        }
        const answer = internalFailure(error, method.retryCode, { final: method.final });
        logCallbackFailure(request.log, {
          provider: 'pragmatic',
          call: method.name,
          error,
          answered: answer.error,
        });
        return sendAnswer(reply, answer);
      }
    },
  );
  return Promise.resolve();
};
