import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { DatabaseConnection } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { join } from 'node:path';
import { fileStorage } from './document-storage';
import { documentUploads, identityRoutes } from './identity-routes';
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
  await app.register(identityRoutes, { prefix: '/api', service, uploads: documentUploads() });
};

export const identityFeature = fastifyPlugin(identityPlugin, {
  name: 'identity',
  dependencies: ['auth'],
});
