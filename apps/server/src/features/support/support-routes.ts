import {
  supportInfoResponseSchema,
  supportPostRequestSchema,
  supportPostResponseSchema,
  supportReadRequestSchema,
  supportReadResponseSchema,
  supportThreadResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer, signedInRoutes } from '../auth';
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
  const signedIn = signedInRoutes(app, 'support');
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

  app.get(
    '/support/thread',
    signedIn("The player's conversation with support", {
      description: 'Oldest first (the newest 200); `unread` counts operator answers not read.',
      response: { 200: supportThreadResponseSchema },
    }),
    async (request, reply) => {
      const player = requirePlayer(request);
      return reply.header('cache-control', 'no-store').send(await service.thread(player.id));
    },
  );

  app.post(
    '/support/messages',
    signedIn('Writes to support', {
      description:
        'Text 1 to 2000 characters after trimming. At most 10 messages a minute (429 ' +
        'RATE_LIMITED with Retry-After).',
      body: supportPostRequestSchema,
      response: { 201: supportPostResponseSchema },
    }),
    async (request, reply) => {
      const player = requirePlayer(request);
      const message = await service.ask(player.id, request.body.text);
      return reply.code(201).header('cache-control', 'no-store').send(message);
    },
  );

  app.post(
    '/support/read',
    signedIn('Marks the answers up to an id read', {
      body: supportReadRequestSchema,
      response: { 200: supportReadResponseSchema },
    }),
    async (request, reply) => {
      const player = requirePlayer(request);
      const unread = await service.markReadByPlayer(player.id, BigInt(request.body.up_to));
      return reply.header('cache-control', 'no-store').send({ unread });
    },
  );
  return Promise.resolve();
};
