import {
  operatorChatHideParamsSchema,
  operatorChatHideResponseSchema,
  operatorChatMuteRequestSchema,
  operatorChatMuteResponseSchema,
  walletErrorCodes,
} from '@casino/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { findUserId } from '../wallet';
import { requireOperatorToken } from '../wallet';
import type { ChatService } from './chat-service';

export interface ChatOperatorRoutesOptions {
  service: ChatService;
  db: Database;
  /** OPERATOR_API_TOKEN; the caller registers nothing without it. */
  token: string;
}

/** The operator API's answer for an unknown player (the wallet's code, the same look-up). */
function playerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({
      error: {
        code: walletErrorCodes.PLAYER_NOT_FOUND,
        message: 'No such player.',
        requestId: request.id,
      },
    });
}

/** Recorded as who hid a message. */
const operatorActor = 'operator-api';

/**
 * Moderation for operators (Authorization: Bearer OPERATOR_API_TOKEN):
 * POST /operator/chat/messages/:id/hide and POST /operator/chat/mutes.
 */
export const chatOperatorRoutes: FastifyPluginAsyncZod<ChatOperatorRoutesOptions> = (
  app,
  { service, db, token },
) => {
  app.post(
    '/operator/chat/messages/:id/hide',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Hides a chat message for everyone (operator token)',
        description:
          'Readers drop it at once; it is never sent again. Hiding twice is harmless. ' +
          '404 NOT_FOUND for an unknown id.',
        params: operatorChatHideParamsSchema,
        response: { 200: operatorChatHideResponseSchema },
      },
    },
    async (request, reply) => {
      const found = await service.hide(BigInt(request.params.id), operatorActor);
      if (!found) throw new AppError(404, 'NOT_FOUND', 'No such chat message.');
      request.log.info({ messageId: request.params.id }, 'chat message hidden');
      return reply
        .header('cache-control', 'no-store')
        .send({ id: request.params.id, hidden: true });
    },
  );

  app.post(
    '/operator/chat/mutes',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Mutes a player in the chat for some minutes (operator token)',
        description:
          '`user` is an id, e-mail or username; `minutes` 1 to 43200 (30 days), 0 lifts the ' +
          'mute. The player still reads. 404 PLAYER_NOT_FOUND.',
        body: operatorChatMuteRequestSchema,
        response: { 200: operatorChatMuteResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, minutes, reason } = request.body;
      const userId = await findUserId(db, user);
      if (userId === undefined) return playerNotFound(request, reply);
      const until = await service.mute(userId, minutes, reason);
      request.log.info({ userId, minutes }, 'chat mute set');
      return reply
        .header('cache-control', 'no-store')
        .send({ user_id: userId, muted_until: until?.toISOString() ?? null });
    },
  );
  return Promise.resolve();
};
