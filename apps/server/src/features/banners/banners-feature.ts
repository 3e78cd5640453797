import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createBannersRepository } from './banners-repository';
import { bannersRoutes } from './banners-routes';
import { createBannersService, type BannersService } from './banners-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The home carousel's banners: the staff routes (features/staff) and the page writer. */
    banners: BannersService;
  }
}

export interface BannersFeatureOptions {
  /** listen (optional for tests' fakes): every instance hears NOTIFY banners_changed. */
  db: Database & Partial<Pick<DatabaseControl, 'listen'>>;
  clock: Clock;
  /** How long an instance keeps its copy without hearing of a change (the backstop). */
  cacheSeconds?: number;
  /** `max-age` of GET /api/banners. */
  listMaxAgeSeconds?: number;
}

/** The channel the migration's trigger NOTIFYs on every change to the banners table. */
export const bannersChangedChannel = 'banners_changed';

/**
 * The home carousel's banners (README.md here): the player app's list and art, and the
 * service the back office's routes (features/staff/banners-routes.ts) change them through.
 */
const bannersPlugin: FastifyPluginAsync<BannersFeatureOptions> = async (app, options) => {
  const { db, clock } = options;
  const service = createBannersService({
    db,
    clock,
    repository: createBannersRepository(db),
    cacheMs: (options.cacheSeconds ?? 60) * 1000,
  });
  if (db.listen) {
    const stopListening = await db.listen(bannersChangedChannel, () => service.changed());
    app.addHook('onClose', () => stopListening());
  }
  app.decorate('banners', service);
  await app.register(bannersRoutes, {
    prefix: '/api',
    service,
    listMaxAgeSeconds: options.listMaxAgeSeconds ?? 30,
  });
};

export const bannersFeature = fastifyPlugin(bannersPlugin, { name: 'banners' });
