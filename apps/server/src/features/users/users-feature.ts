import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { avatarRoutes, avatarUploads } from './avatar-routes';
import { createAvatarService } from './avatar-service';
import { createAvatarStore, type AvatarStore } from './avatar-store';
import { profileRoutes } from './profile-routes';
import { createProfileService } from './profile-service';
import { settingsRoutes } from './settings-routes';
import { createSettingsService } from './settings-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The avatar store: the privacy feature removes a closed account's picture through it. */
    users: { avatars: AvatarStore };
  }
}

export interface UsersFeatureOptions {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
}

/** Availability checks per IP and minute (the forms check after a pause in typing). */
export const availabilityChecksPerMinute = 30;

/**
 * /api/user/* and /api/avatars/*, over the auth feature's app.authenticate and services
 * (sessions, codes, throttling). Decorates `users` with the one avatar store.
 */
const usersPlugin: FastifyPluginAsync<UsersFeatureOptions> = async (app, deps) => {
  const { db, clock } = deps;
  const { auth } = app;
  await app.register(profileRoutes, {
    prefix: '/api',
    service: createProfileService({ db }),
    availabilityPerMinute: availabilityChecksPerMinute,
  });
  await app.register(settingsRoutes, {
    prefix: '/api',
    service: createSettingsService({
      db,
      clock,
      codeSender: auth.codeSender,
      sessions: auth.sessions,
      throttle: auth.throttle,
      otpSecret: auth.otpSecret,
      twoFactor: auth.twoFactor,
    }),
  });
  const store = createAvatarStore({
    db,
    clock,
    legacyDir: join(deps.config.dataDir, 'avatars'),
  });
  app.decorate('users', { avatars: store });
  await app.register(avatarRoutes, {
    prefix: '/api',
    store,
    service: createAvatarService({ db, clock, store, logger: deps.logger }),
    uploads: avatarUploads(),
  });
};

export const usersFeature = fastifyPlugin(usersPlugin, { name: 'users', dependencies: ['auth'] });
