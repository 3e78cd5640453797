import {
  contentPageParamsSchema,
  contentPageResponseSchema,
  contentQuerySchema,
  faqResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { publicFaq, publicPage, type ContentRepository } from './content-repository';

export interface ContentRoutesOptions {
  repo: ContentRepository;
}

// Short: a published edit reaches players within a minute (the server itself caches nothing,
// so every instance answers the new text at once).
const cacheControl = 'public, max-age=60';

/** GET /content/faq and GET /content/pages/:slug, from the database (public). */
export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = (app, { repo }) => {
  const missing = () => new AppError(404, 'NOT_FOUND', 'This page has no text yet.');

  app.get(
    '/content/faq',
    {
      schema: {
        tags: ['content'],
        summary: 'The FAQ, by section',
        description: 'The entries edited in the back office, in their order, grouped by section.',
        querystring: contentQuerySchema,
        response: { 200: faqResponseSchema },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const [page, rows] = await Promise.all([repo.page('faq', lang), repo.faqRows()]);
      const sections = publicFaq(rows, lang);
      if (!page?.title && sections.length === 0) throw missing();
      return reply
        .header('cache-control', cacheControl)
        .send({ lang, title: page?.title ?? '', sections });
    },
  );

  app.get(
    '/content/pages/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'An information page (privacy, terms, loyalty, responsible gaming)',
        description: 'The published text (back office); the title and the Markdown body.',
        params: contentPageParamsSchema,
        querystring: contentQuerySchema,
        response: { 200: contentPageResponseSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { lang } = request.query;
      const row = await repo.page(slug, lang);
      // A page never written (no file at install, nothing published since) has no text.
      if (!row || (row.title === '' && row.markdown === '')) throw missing();
      return reply.header('cache-control', cacheControl).send({ slug, lang, ...publicPage(row) });
    },
  );
  return Promise.resolve();
};
