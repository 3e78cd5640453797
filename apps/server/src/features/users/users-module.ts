import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Auth } from '../auth/auth-module';
import { avatarRoutes } from './avatar-routes';
import { createAvatarService } from './avatar-service';
import { createAvatarStore } from './avatar-store';
import { profileRoutes } from './profile-routes';
import { createProfileService } from './profile-service';
import { settingsRoutes } from './settings-routes';
import { createSettingsService } from './settings-service';

export interface UsersDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  auth: Auth;
}

/** Availability checks per IP and minute (the forms check after a pause in typing). */
export const availabilityChecksPerMinute = 30;

/** /api/user/* and /api/avatars/*; needs registerAuth first (app.authenticate). */
export async function registerUsers(app: FastifyInstance, deps: UsersDeps): Promise<void> {
  const { db, clock, auth } = deps;
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
    }),
  });
  const store = createAvatarStore(deps.config.dataDir);
  await app.register(avatarRoutes, {
    prefix: '/api',
    store,
    service: createAvatarService({ db, clock, store, logger: deps.logger }),
  });
}
