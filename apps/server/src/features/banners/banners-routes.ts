import { bannerArtNamePattern, publicBannersResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedImageRoute } from '../../lib/uploads/stored-image';
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

  storedImageRoute(app, {
    url: '/banners/art/:name',
    tag: 'games',
    summary: 'Uploaded banner art (WebP); the URL never changes its content',
    namePattern: bannerArtNamePattern,
    read: (name) => service.art(name),
    missing: 'No such banner art.',
  });
  return Promise.resolve();
};
