import {
  operatorSupportPostRequestSchema,
  operatorSupportThreadParamsSchema,
  operatorSupportThreadResponseSchema,
  operatorSupportThreadsResponseSchema,
  supportMessageSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { requireOperatorToken } from '../wallet';
import type { SupportService } from './support-service';

export interface SupportOperatorRoutesOptions {
  service: SupportService;
  /** OPERATOR_API_TOKEN; the caller registers nothing without it. */
  token: string;
}

/**
 * Support for operators (Authorization: Bearer OPERATOR_API_TOKEN), until the back office:
 * list the threads, read one, answer (the player sees it live).
 */
export const supportOperatorRoutes: FastifyPluginAsyncZod<SupportOperatorRoutesOptions> = (
  app,
  { service, token },
) => {
  const onRequest = requireOperatorToken(token);
  const noThread = () => new AppError(404, 'NOT_FOUND', 'This player has no support thread.');

  app.get(
    '/operator/support/threads',
    {
      onRequest,
      schema: {
        tags: ['operator'],
        summary: 'Support threads, those waiting for an answer first (operator token)',
        response: { 200: operatorSupportThreadsResponseSchema },
      },
    },
    async (_request, reply) => {
      const threads = await service.threads();
      return reply.header('cache-control', 'no-store').send({
        data: threads.map((t) => ({
          user_id: t.userId,
          username: t.username,
          last_message_at: t.lastMessageAt.toISOString(),
          unread: t.unread,
          waiting: t.waiting,
        })),
      });
    },
  );

  app.get(
    '/operator/support/threads/:userId',
    {
      onRequest,
      schema: {
        tags: ['operator'],
        summary: "A player's support thread (operator token)",
        params: operatorSupportThreadParamsSchema,
        response: { 200: operatorSupportThreadResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const username = await service.username(userId);
      const { messages } = username === undefined ? { messages: [] } : await service.thread(userId);
      if (username === undefined || messages.length === 0) throw noThread();
      return reply
        .header('cache-control', 'no-store')
        .send({ user_id: userId, username, messages });
    },
  );

  app.post(
    '/operator/support/threads/:userId/messages',
    {
      onRequest,
      schema: {
        tags: ['operator'],
        summary: 'Answers a player (operator token)',
        description: 'The player sees it live. Marks the thread read for operators.',
        params: operatorSupportThreadParamsSchema,
        body: operatorSupportPostRequestSchema,
        response: { 201: supportMessageSchema },
      },
    },
    async (request, reply) => {
      const message = await service.answer(request.params.userId, request.body.text);
      if (!message) throw noThread();
      request.log.info({ userId: request.params.userId }, 'support answer');
      return reply.code(201).header('cache-control', 'no-store').send(message);
    },
  );
  return Promise.resolve();
};
