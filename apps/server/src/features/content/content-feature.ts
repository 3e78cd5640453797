import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { createContentFiles } from './content-files';
import { contentRoutes } from './content-routes';

export interface ContentFeatureOptions {
  /** CONTENT_DIR: holds en/ and ru/ with one Markdown file per page. */
  contentDir: string;
}

/**
 * The FAQ and the information pages, from Markdown files an operator edits (no code, no
 * rebuild). See src/features/content/README.md. No decorators.
 */
const contentPlugin: FastifyPluginAsync<ContentFeatureOptions> = async (app, options) => {
  await app.register(contentRoutes, {
    prefix: '/api',
    files: createContentFiles(options.contentDir),
  });
};

export const contentFeature = fastifyPlugin(contentPlugin, { name: 'content' });
