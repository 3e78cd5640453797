import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { DatabaseConnection } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { adminRoutes } from './admin-routes';
import { authRoutes } from './auth-routes';
import { contentRoutes } from './content-routes';
import { bonusAdminRoutes } from './bonus-admin-routes';
import { registerBackofficeApp } from './backoffice-app';
import { createFourEyes, type FourEyes } from './four-eyes';
import { operationsRoutes } from './operations-routes';
import { playerActionRoutes } from './player-action-routes';
import { playerReadRoutes } from './player-read-routes';
import { createPlayersRepository } from './players-repository';
import { createStaffAuthService, type StaffAuthService } from './staff-auth-service';
import { bannersRoutes } from './banners-routes';
import { gamesRoutes } from './games-routes';
import { reportsRoutes } from './reports-routes';
import { rgRoutes } from './rg-routes';
import { addStaffGuard, parseCidrList } from './staff-scope';
import type { StaffServices } from './staff-services';
import { createWithdrawalQueue } from './withdrawal-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office: staff accounts and four-eyes (for commands and tests). */
    staff: { auth: StaffAuthService; fourEyes: FourEyes };
  }
}

export interface StaffFeatureOptions {
  config: Config;
  db: DatabaseConnection;
  clock: Clock;
  logger: Logger;
  shared: SharedState;
}

/**
 * The back office's server side (README.md here): staff accounts and sessions, the one
 * permission check of /api/operator (over the route table of @casino/contracts/operator),
 * the audit log, four-eyes, and every operator route of the other features.
 */
const staffPlugin: FastifyPluginAsync<StaffFeatureOptions> = async (app, options) => {
  const { config, db, clock } = options;
  const auth = createStaffAuthService({
    db,
    clock,
    throttle: app.auth.throttle,
    otpSecret: app.auth.otpSecret,
    linkBase: config.backoffice.origin ?? config.publicUrl,
  });
  const cashier = app.payments.service;
  const fourEyes = createFourEyes({
    db,
    clock,
    ledger: app.wallet,
    cashier,
    threshold: config.backoffice.fourEyesAmount,
  });
  app.decorate('staff', { auth, fourEyes });
  const services: StaffServices = {
    db,
    clock,
    shared: options.shared,
    auth,
    fourEyes,
    players: createPlayersRepository(db),
    withdrawals: createWithdrawalQueue({
      db,
      clock,
      cashier,
      fourEyes,
      geo: app.auth.geo,
      kycThreshold: config.kycWithdrawalThreshold,
    }),
    ledger: app.wallet,
    cashier,
    identity: app.identity,
    chat: app.chat,
    support: app.support,
    bonus: app.bonus.service,
    twoFactor: app.auth.twoFactor,
    playerSessions: app.auth.sessions,
    geo: app.auth.geo,
    fourEyesAmount: config.backoffice.fourEyesAmountText,
    secureCookie: config.env === 'production',
  };
  // One scope: the guard hook covers exactly the routes registered inside it.
  await app.register(async (scope) => {
    addStaffGuard(scope, {
      auth,
      serviceToken: config.operatorApiToken,
      allowedIps:
        config.backoffice.allowedIps === undefined
          ? undefined
          : parseCidrList(config.backoffice.allowedIps),
      publicUrl: config.publicUrl,
      backofficeOrigin: config.backoffice.origin,
    });
    authRoutes(scope, services);
    adminRoutes(scope, services);
    operationsRoutes(scope, services);
    playerReadRoutes(scope, services);
    playerActionRoutes(scope, services);
    reportsRoutes(scope, app.reports.service);
    rgRoutes(scope, services);
    gamesRoutes(scope, services);
    contentRoutes(scope, services);
    bannersRoutes(scope, services);
    bonusAdminRoutes(scope, services);
    return Promise.resolve();
  });
  const served = await registerBackofficeApp(app, config.backoffice.distDir);
  if (served)
    options.logger.info({ dir: config.backoffice.distDir }, 'back office served at /backoffice/');
};

export const staffFeature = fastifyPlugin(staffPlugin, {
  name: 'staff',
  dependencies: [
    'auth',
    'wallet',
    'identity',
    'bonus',
    'payments',
    'chat',
    'support',
    'reports',
    'responsible-gaming',
    'games',
    'content',
    'banners',
  ],
});
