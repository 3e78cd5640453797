import type { Clock } from '../../../lib/clock';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MoneyFormatError } from '../../wallet/money';
import type { Ledger } from '../../wallet/ledger';
import { WalletError } from '../../wallet/wallet-errors';
import { singleValuedParams } from '../callback-params';
import type { LaunchSessions } from '../../game-sessions/launch-sessions';
import { authenticateCall, balanceCall, balancePerGameCall, endRoundCall } from './balance-calls';
import type { PragmaticGames } from './catalog-games';
import { pragmaticHashValid } from './hash';
import { betCall, refundCall, winCall, type CallHandler } from './money-calls';
import type { PragmaticSettings } from './pragmatic-adapter';
import { pragmaticErrors, refusal, sendAnswer, type PragmaticAnswer } from './wallet-answers';
import { walletCurrencies } from './wallet-currencies';
import { failureForLog, internalFailure, walletRefusal } from './wallet-failures';

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

/**
 * Pragmatic's Seamless Wallet (docs/protocols/pragmatic.md, "Operator side"). Every call:
 * a repeated parameter is malformed (7); then the hash over the raw form parameters, in
 * constant time (5 when missing or wrong, and for everything without a secret key); then the
 * method. A ledger refusal is the protocol's error for it; any other failure is "internal
 * error, retry" (100; endRound 130), or 120 when a retry cannot help (wallet-failures.ts).
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
    return { params };
  };

  const money = { sessions, wallet, games, clock, currencies: walletCurrencies(wallet) };
  const reads = { sessions, wallet };
  const methods: [name: string, handler: CallHandler, retryCode: number][] = [
    ['authenticate', authenticateCall(reads), pragmaticErrors.retry],
    ['balance', balanceCall(reads), pragmaticErrors.retry],
    ['bet', betCall(money), pragmaticErrors.retry],
    ['result', winCall(money, 'result'), pragmaticErrors.retry],
    ['bonusWin', winCall(money, 'bonusWin'), pragmaticErrors.retry],
    ['jackpotWin', winCall(money, 'jackpotWin'), pragmaticErrors.retry],
    ['promoWin', winCall(money, 'promoWin'), pragmaticErrors.retry],
    ['refund', refundCall(money), pragmaticErrors.retry],
    ['endRound', endRoundCall(reads), pragmaticErrors.endRoundRetry],
    ['getBalancePerGame', balancePerGameCall(reads), pragmaticErrors.retry],
  ];

  for (const [method, handler, retryCode] of methods) {
    app.post(`/${method}.html`, { schema }, async (request, reply): Promise<FastifyReply> => {
      const verified = verify(request.body);
      if ('refused' in verified) return sendAnswer(reply, verified.refused);
      try {
        return sendAnswer(reply, await handler(verified.params));
      } catch (error) {
        if (error instanceof WalletError || error instanceof MoneyFormatError) {
          return sendAnswer(reply, walletRefusal(error));
        }
        const answer = internalFailure(error, retryCode);
        // The error and where it happened; never the body (its hash, a token), the bound
        // values of a query, or the key.
        request.log.error(
          { failure: failureForLog(error), method, answered: answer.error },
          'pragmatic wallet call failed',
        );
        return sendAnswer(reply, answer);
      }
    });
  }
  return Promise.resolve();
};
