import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { createReportsJob, type ReportsJob } from './reports-job';
import { createReportsService, type ReportsService } from './reports-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator's reports and the job that keeps their summaries (README.md here). */
    reports: {
      service: ReportsService;
      /** Started by start-server (tests run `job.runOnce()` themselves). */
      job: ReportsJob;
    };
  }
}

export interface ReportsFeatureOptions {
  /** withClusterLock: with several instances on one database, the job runs on one. */
  db: Database & Partial<Pick<DatabaseControl, 'withClusterLock'>>;
  clock: Clock;
  logger: Logger;
  /** REPORTS_TIME_ZONE. */
  timeZone: string;
}

const reportsPlugin: FastifyPluginAsync<ReportsFeatureOptions> = async (app, options) => {
  const service = createReportsService({ db: options.db, timeZone: options.timeZone });
  const job = createReportsJob({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    timeZone: options.timeZone,
  });
  app.decorate('reports', { service, job });
  app.addHook('onClose', async () => {
    await job.stop();
  });
  // Its routes are rows of the staff route table, served in the staff scope (staff-feature).
  return Promise.resolve();
};

export const reportsFeature = fastifyPlugin(reportsPlugin, { name: 'reports' });
