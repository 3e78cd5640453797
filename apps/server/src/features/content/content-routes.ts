import {
  contentPageParamsSchema,
  contentPageResponseSchema,
  contentQuerySchema,
  faqResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { createContentFiles } from './content-files';
import { parseFaq } from './faq-parser';

export interface ContentRoutesOptions {
  files: ReturnType<typeof createContentFiles>;
}

// Short: an operator's edit reaches players within a minute.
const cacheControl = 'public, max-age=60';

/** GET /content/faq and GET /content/pages/:slug, from the Markdown files (public). */
export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = (app, { files }) => {
  const missing = () => new AppError(404, 'NOT_FOUND', 'This page has no text yet.');

  app.get(
    '/content/faq',
    {
      schema: {
        tags: ['content'],
        summary: 'The FAQ, by section',
        description: 'From CONTENT_DIR/<lang>/faq.md: `## Section`, `### Question`, answer.',
        querystring: contentQuerySchema,
        response: { 200: faqResponseSchema },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const file = await files.read(lang, 'faq');
      if (!file) throw missing();
      return reply
        .header('cache-control', cacheControl)
        .send({ lang, title: file.title, sections: parseFaq(file.body) });
    },
  );

  app.get(
    '/content/pages/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'An information page (privacy, terms, loyalty, responsible gaming)',
        description: 'From CONTENT_DIR/<lang>/<slug>.md; the first `# ` line is the title.',
        params: contentPageParamsSchema,
        querystring: contentQuerySchema,
        response: { 200: contentPageResponseSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { lang } = request.query;
      const file = await files.read(lang, slug);
      if (!file) throw missing();
      return reply.header('cache-control', cacheControl).send({
        slug,
        lang,
        title: file.title,
        markdown: file.body,
        updated_at: file.modifiedAt.toISOString(),
      });
    },
  );
  return Promise.resolve();
};
