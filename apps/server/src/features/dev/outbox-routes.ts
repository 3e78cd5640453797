import { devOutboxResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevOutbox } from '../../lib/mail/dev-outbox';

export interface OutboxRoutesOptions {
  outbox: DevOutbox;
}

/**
 * GET /api/dev/outbox[?to=address]: the last 50 messages sent. Registered only outside
 * production (app.ts), where the route does not exist at all.
 */
export const outboxRoutes: FastifyPluginAsyncZod<OutboxRoutesOptions> = (app, { outbox }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: the last e-mails sent (absent in production)',
        querystring: z.object({ to: z.string().trim().toLowerCase().optional() }),
        response: { 200: devOutboxResponseSchema },
      },
    },
    async (request, reply) => {
      const { to } = request.query;
      const messages = outbox.list().filter((m) => to === undefined || m.to === to);
      return reply.header('cache-control', 'no-store').send({ messages });
    },
  );
  return Promise.resolve();
};
