import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { DatabaseConnection } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { join } from 'node:path';
import { createUploadGate } from '../../lib/uploads/upload-gate';
import { fileStorage } from './document-storage';
import { identityRoutes } from './identity-routes';
import { createIdentityService, type IdentityService } from './identity-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity check (KYC): the cashier asks it before a withdrawal. */
    identity: IdentityService;
  }
}

export interface IdentityFeatureOptions {
  db: DatabaseConnection;
  clock: Clock;
  logger: Logger;
  /** KYC_WITHDRAWAL_THRESHOLD, thousandths. */
  withdrawalThreshold: bigint;
  shared: SharedState;
  /** DATA_DIR: on the embedded database the documents' bytes live under it. */
  dataDir: string;
}

/**
 * The identity check (README.md here): the player's uploads under /api/identity, the
 * operator's review under /api/operator/identity, and app.identity for the cashier.
 */
const identityPlugin: FastifyPluginAsync<IdentityFeatureOptions> = async (app, options) => {
  const service = createIdentityService({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    withdrawalThreshold: options.withdrawalThreshold,
    shared: options.shared,
    // The embedded database keeps no document bytes (document-storage.ts).
    ...(options.db.driver === 'pglite'
      ? { storage: fileStorage(join(options.dataDir, 'identity-documents')) }
      : {}),
  });
  app.decorate('identity', service);
  // Two uploads read and processed at once per instance, 32 more waiting (issue 25).
  const gate = createUploadGate({ concurrent: 2, waiting: 32 });
  await app.register(identityRoutes, { prefix: '/api', service, gate });
};

export const identityFeature = fastifyPlugin(identityPlugin, {
  name: 'identity',
  dependencies: ['auth'],
});
