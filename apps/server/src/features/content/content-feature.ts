import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createContentRepository } from './content-repository';
import { contentRoutes } from './content-routes';
import { seedContent } from './content-seed';
import { createContentService, type ContentService } from './content-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The FAQ and the pages: the back office's operations (staff feature). */
    content: ContentService;
  }
}

export interface ContentFeatureOptions {
  /** CONTENT_DIR: the shipped Markdown files (en/, ru/), stored on a new install. */
  contentDir: string;
  db: Database;
  clock: Clock;
}

/**
 * The FAQ and the information pages, stored in the database and edited in the back office
 * (decision 092; see src/features/content/README.md). Decorates `app.content`.
 */
const contentPlugin: FastifyPluginAsync<ContentFeatureOptions> = async (app, options) => {
  const { db, clock } = options;
  await seedContent(db, options.contentDir, clock);
  const repo = createContentRepository(db);
  app.decorate('content', createContentService({ db, clock, repo }));
  await app.register(contentRoutes, { prefix: '/api', repo });
};

export const contentFeature = fastifyPlugin(contentPlugin, { name: 'content' });
