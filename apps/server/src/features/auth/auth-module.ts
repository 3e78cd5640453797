import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail/mailer';
import type { Secrets } from '../../lib/secrets';
import { registerAuthentication } from './authenticate';
import { authRoutes } from './auth-routes';
import { createCodeSender, type CodeSender } from './code-sender';
import { createLoginService, type LoginService } from './login-service';
import { createRegistrationService, type RegistrationService } from './registration-service';
import { createSessionService, type SessionService } from './session-service';
import { createAuthThrottle, type AuthThrottle } from './throttle';
import { createTokenService, type TokenService } from './token-service';

export interface AuthDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  secrets: Secrets;
}

/** The auth services, also used by the users feature (sessions, codes, throttling). */
export interface Auth {
  tokens: TokenService;
  sessions: SessionService;
  throttle: AuthThrottle;
  codeSender: CodeSender;
  registration: RegistrationService;
  login: LoginService;
  otpSecret: string;
}

export function createAuth(deps: AuthDeps): Auth {
  const { config, db, clock } = deps;
  const tokens = createTokenService({
    secret: deps.secrets.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
    clock,
  });
  const sessions = createSessionService({
    db,
    clock,
    tokens,
    absoluteTtlDays: config.sessionAbsoluteTtlDays,
    idleTtlDays: config.sessionIdleTtlDays,
  });
  const throttle = createAuthThrottle({ db, clock });
  const otpSecret = deps.secrets.otpSecret;
  const codeSender = createCodeSender({
    db,
    clock,
    mailer: deps.mailer,
    logger: deps.logger,
    otpSecret,
    publicUrl: config.publicUrl,
  });
  return {
    tokens,
    sessions,
    throttle,
    codeSender,
    otpSecret,
    registration: createRegistrationService({ db, clock, codeSender, sessions, otpSecret }),
    login: createLoginService({ db, clock, sessions, throttle }),
  };
}

/**
 * Cookies, the `app.authenticate` hook (on the root app, for every feature) and the
 * /api/auth routes.
 */
export async function registerAuth(app: FastifyInstance, auth: Auth): Promise<void> {
  await app.register(fastifyCookie);
  registerAuthentication(app, auth.sessions);
  await app.register(authRoutes, {
    prefix: '/api',
    registration: auth.registration,
    login: auth.login,
    sessions: auth.sessions,
  });
}
