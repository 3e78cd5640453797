import {
  supportInfoResponseSchema,
  supportPostRequestSchema,
  supportPostResponseSchema,
  supportReadRequestSchema,
  supportReadResponseSchema,
  supportThreadResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateRoutes } from '../auth';
import type { SupportService } from './support-service';

export interface SupportRoutesOptions {
  service: SupportService;
  links: { channelUrl: string | undefined; partnerUrl: string | undefined };
}

/**
 * The player's side of the support desk: GET /support/info (public: the help page's cards),
 * GET /support/thread, POST /support/messages, POST /support/read (bearer, own thread only).
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = (
  app,
  { service, links },
) => {
  const privateRoute = privateRoutes(app, 'support');
  app.get(
    '/support/info',
    {
      schema: {
        tags: ['support'],
        summary: 'Average response time and the help page links',
        description:
          '`average_response_seconds` is the mean wait for an operator answer over the last ' +
          '30 days (null before the first answer). A link without a configured target is null.',
        response: { 200: supportInfoResponseSchema },
      },
    },
    async (_request, reply) => {
      const average = await service.averageResponseSeconds();
      return reply.header('cache-control', 'public, max-age=60').send({
        average_response_seconds: average,
        channel_url: links.channelUrl ?? null,
        partner_url: links.partnerUrl ?? null,
      });
    },
  );

  privateRoute(
    'GET',
    '/support/thread',
    "The player's conversation with support",
    {
      description: 'Oldest first (the newest 200); `unread` counts operator answers not read.',
      response: { 200: supportThreadResponseSchema },
    },
    (player) => service.thread(player.id),
  );

  privateRoute(
    'POST',
    '/support/messages',
    'Writes to support',
    {
      description:
        'Text 1 to 2000 characters after trimming. At most 10 messages a minute (429 ' +
        'RATE_LIMITED with Retry-After).',
      body: supportPostRequestSchema,
      response: { 201: supportPostResponseSchema },
    },
    (player, { body }) => service.ask(player.id, body.text),
  );

  privateRoute(
    'POST',
    '/support/read',
    'Marks the answers up to an id read',
    { body: supportReadRequestSchema, response: { 200: supportReadResponseSchema } },
    async (player, { body }) => ({
      unread: await service.markReadByPlayer(player.id, BigInt(body.up_to)),
    }),
  );
  return Promise.resolve();
};
