import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  operatorAdjustmentRequestSchema,
  operatorAdjustmentResponseSchema,
  walletErrorCodes,
  type WalletErrorCode,
} from '@casino/contracts';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { findUserId } from './commands/adjust-command';
import type { Ledger } from './ledger';
import { formatMoney, fromDecimalString } from './money';
import { IdempotencyConflict, InsufficientFunds, UnknownPlayer } from './wallet-errors';

export interface OperatorRoutesOptions {
  ledger: Ledger;
  db: Database;
  /** OPERATOR_API_TOKEN (at least 32 characters); the caller registers nothing without it. */
  token: string;
}

/** The actor recorded on every adjustment this API posts. */
export const operatorApiActor = 'operator-api';

/** SHA-256 of both sides, so the comparison is constant-time whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function operatorToken(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 4096) return undefined;
  return /^Bearer +(\S+)\s*$/i.exec(header.trim())?.[1];
}

/**
 * The onRequest hook of every operator route (wallet adjustments, the cashier's approvals):
 * 401 unless `Authorization: Bearer <OPERATOR_API_TOKEN>`, compared in constant time.
 */
export function requireOperatorToken(token: string): onRequestHookHandler {
  return (request, _reply, done) => {
    const given = operatorToken(request.headers.authorization);
    if (given === undefined || !sameSecret(given, token)) {
      done(new AppError(401, ErrorCode.UNAUTHORIZED, 'A valid operator token is required.'));
      return;
    }
    done();
  };
}

/** The API's error shape for the wallet's own codes (not in the general AppError list). */
function walletError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: WalletErrorCode,
  message: string,
): FastifyReply {
  request.log.info({ code, statusCode: status }, message);
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ error: { code, message, requestId: request.id } });
}

/**
 * POST /operator/wallet/adjustments: funds (or debits) a player through the ledger, for
 * operators and test set-ups of a running server, which on PGlite the wallet:adjust command
 * cannot reach. Registered only when OPERATOR_API_TOKEN is set.
 */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = (
  app,
  { ledger, db, token },
) => {
  app.post(
    '/operator/wallet/adjustments',
    {
      // Before the body is read: a caller without the token learns nothing from validation.
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: "Credits or debits a player's wallet (operator token)",
        description:
          '`Authorization: Bearer <OPERATOR_API_TOKEN>`. `user` is an id, e-mail or username; ' +
          '`amount` a signed decimal with two places. The same `idempotencyKey` again moves ' +
          'nothing and answers the first posting (`outcome: "replayed"`). 404 ' +
          'PLAYER_NOT_FOUND; 409 INSUFFICIENT_FUNDS for a debit below zero; 409 ' +
          'IDEMPOTENCY_CONFLICT for a key used before with other content.',
        body: operatorAdjustmentRequestSchema,
        response: { 200: operatorAdjustmentResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, amount, reason, idempotencyKey } = request.body;
      const thousandths = fromDecimalString(amount, { scale: 2, allowNegative: true });
      const userId = await findUserId(db, user);
      if (userId === undefined) {
        return walletError(
          request,
          reply,
          404,
          walletErrorCodes.PLAYER_NOT_FOUND,
          'No such player.',
        );
      }
      try {
        const result = await ledger.postAdjustment({
          userId,
          amount: thousandths,
          reason,
          idempotencyKey,
          actor: operatorApiActor,
        });
        request.log.info(
          { userId, transactionId: result.transactionId, outcome: result.outcome },
          'operator adjustment',
        );
        return reply.header('cache-control', 'no-store').send({
          outcome: result.outcome,
          transaction_id: result.transactionId,
          user_id: userId,
          amount: formatMoney(result.entry.amount),
          balance_after: formatMoney(result.balanceAfter),
          balance: formatMoney(result.balance),
          currency: result.currency,
        });
      } catch (error) {
        if (error instanceof InsufficientFunds) {
          return walletError(
            request,
            reply,
            409,
            walletErrorCodes.INSUFFICIENT_FUNDS,
            `The balance is ${formatMoney(error.balance)}: this debit would take it below zero.`,
          );
        }
        if (error instanceof IdempotencyConflict) {
          return walletError(
            request,
            reply,
            409,
            walletErrorCodes.IDEMPOTENCY_CONFLICT,
            `This idempotency key was used for a different adjustment (${error.fields.join(', ')} differ).`,
          );
        }
        if (error instanceof UnknownPlayer) {
          return walletError(
            request,
            reply,
            404,
            walletErrorCodes.PLAYER_NOT_FOUND,
            'No such player.',
          );
        }
        throw error;
      }
    },
  );
  return Promise.resolve();
};
