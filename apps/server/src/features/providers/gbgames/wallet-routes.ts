import type { FastifyPluginAsync } from 'fastify';
import { isRecord, parseJson } from '../catalog-fields';
import { unstorableTextPath } from '../../../lib/storable-text';
import { acceptRawJsonBodies } from '../callback-params';
import { logCallbackFailure } from '../failure-log';
import { balanceCall } from './calls/balance';
import { betCall } from './calls/bet';
import { refundCall } from './calls/refund';
import { resultCall } from './calls/result';
import { gbSignatureHeader, gbSignatureValid, gbTimestampFresh } from './signature';
import { gbError, sendGbAnswer, type GbAnswer } from './wallet-answers';
import type { WalletCallDeps } from './wallet-calls';
import { parseGbMessage, type GbMessage } from './wallet-params';

/** Fixed by the protocol (docs/protocols/gbgames.md §1), under our site root. */
export const gbWalletPath = '/api/game/BetResult_url';

export type GbWalletOptions = WalletCallDeps;

/**
 * GB Games' wallet messages (§5): balance, bet, result and refund, all at one path. The
 * signature is checked first, over the raw body, before the JSON is even parsed; then the
 * timestamp's freshness; then the fields (malformed: 400, final). Bets need a live launch
 * session; results and refunds land whatever became of it (§6.3). Money moves only through
 * the ledger, idempotent on the studio's transactionId; a failure that is not the wallet's
 * (the database) is answered 500 INTERNAL, which the studio retries with the same id.
 */
export const gbWalletRoutes: FastifyPluginAsync<GbWalletOptions> = (app, deps) => {
  acceptRawJsonBodies(app);
  const calls = {
    balance: balanceCall(deps),
    bet: betCall(deps),
    result: resultCall(deps),
    refund: refundCall(deps),
  };
  const { settings, clock } = deps;

  /** The message's own call (calls/*.ts), by its type. */
  const answer = (message: GbMessage): Promise<GbAnswer> => {
    switch (message.type) {
      case 'balance':
        return calls.balance(message);
      case 'bet':
        return calls.bet(message);
      case 'result':
        return calls.result(message);
      case 'refund':
        return calls.refund(message);
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
      // No text column holds a NUL, and a lone surrogate would be stored other than signed.
      if (unstorableTextPath(body) !== undefined) {
        return sendGbAnswer(
          reply,
          gbError('BAD_REQUEST', 'a field holds a NUL character or an unpaired surrogate'),
        );
      }
      const parsed = parseGbMessage(body);
      if (!parsed.ok) return sendGbAnswer(reply, gbError('BAD_REQUEST', parsed.reason));
      const { message } = parsed;
      try {
        return sendGbAnswer(reply, await answer(message));
      } catch (error) {
        logCallbackFailure(request.log, {
          provider: 'gbgames',
          call: message.type,
          error,
          answered: 'INTERNAL',
          ...(message.type === 'balance' ? {} : { transactionId: message.transactionId }),
        });
        return sendGbAnswer(
          reply,
          gbError('INTERNAL', 'temporary failure: send the message again, same transactionId'),
        );
      }
    },
  );
  return Promise.resolve();
};
