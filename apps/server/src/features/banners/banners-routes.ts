import { bannerArtNamePattern, ErrorCode, publicBannersResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { BannersService } from './banners-service';

export interface BannersRoutesOptions {
  service: BannersService;
  /** Seconds a browser (or a cache in front of us) may keep the list: `cache-control`. */
  listMaxAgeSeconds: number;
}

/**
 * The player app's side: GET /api/banners (the banners live now, in order, both languages:
 * one answer for everyone, so it can be cached briefly and preloaded with the home page) and
 * GET /api/banners/art/:name (uploaded art; the name is the version).
 */
export const bannersRoutes: FastifyPluginAsyncZod<BannersRoutesOptions> = async (app, options) => {
  const { service } = options;

  app.get(
    '/banners',
    {
      schema: {
        tags: ['games'],
        summary: "The home carousel's banners live now, in their order",
        response: { 200: publicBannersResponseSchema },
      },
    },
    async (_request, reply) => {
      // Briefly: a banner whose time has come, or one retired, shows within this many seconds.
      reply.header('cache-control', `public, max-age=${options.listMaxAgeSeconds}`);
      return { data: await service.live() };
    },
  );

  app.get(
    '/banners/art/:name',
    {
      schema: {
        tags: ['games'],
        summary: 'Uploaded banner art (WebP); the URL never changes its content',
        params: z.object({ name: z.string().regex(bannerArtNamePattern) }),
      },
    },
    async (request, reply) => {
      const art = await service.art(request.params.name);
      if (!art) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such banner art.');
      return reply
        .type(art.contentType)
        .header('etag', `"${request.params.name.slice(0, 32)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(art.bytes);
    },
  );
  return Promise.resolve();
};
