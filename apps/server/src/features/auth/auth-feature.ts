import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createBackgroundTasks, type BackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail/mailer';
import type { Secrets } from '../../lib/secrets';
import { registerAuthentication } from './authenticate';
import { authRoutes } from './auth-routes';
import { createCodeSender, type CodeSender } from './code-sender';
import { noGeoLookup, type GeoLookup } from './geo-lookup';
import { openMaxmindGeoLookup } from './maxmind-geo-lookup';
import { createKnownDevices, type KnownDevices } from './known-devices';
import { createLoginService, type LoginService } from './login-service';
import { passwordResetRoutes } from './password-reset-routes';
import { createPasswordResetService, type PasswordResetService } from './password-reset-service';
import { createRegistrationService, type RegistrationService } from './registration-service';
import {
  createSessionService,
  type AuthenticatedPlayer,
  type SessionService,
} from './session-service';
import { createAuthThrottle, type AuthThrottle } from './throttle';
import { sessionRoutes } from './session-routes';
import { createTermsService, type TermsService } from './terms';
import { createTokenService, type TokenService } from './token-service';
import { twoFactorRoutes } from './two-factor-routes';
import { createTwoFactorService, type TwoFactorService } from './two-factor-service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hook for routes that need a signed-in player: `onRequest: app.authenticate` (so a
     * guest gets 401 before any body is read). Accepts a bearer access token whose
     * session is still alive, sets `request.player`, or answers 401 UNAUTHORIZED.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The auth services, for the users feature (sessions, codes, throttling). */
    auth: Auth;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on routes that do not use it. */
    player: AuthenticatedPlayer | null;
  }
}

export type AuthFeatureOptions = AuthDeps;

export interface AuthDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  secrets: Secrets;
  /** Places for sign-in IPs; none by default (no place is shown). */
  geo?: GeoLookup;
}

/** The auth services, also used by the users feature (sessions, codes, throttling). */
export interface Auth {
  tokens: TokenService;
  sessions: SessionService;
  throttle: AuthThrottle;
  codeSender: CodeSender;
  registration: RegistrationService;
  login: LoginService;
  passwordReset: PasswordResetService;
  devices: KnownDevices;
  geo: GeoLookup;
  terms: TermsService;
  /** Two-factor sign-in: the login's second step and the gate of e-mail change and withdrawals. */
  twoFactor: TwoFactorService;
  /** Mail sent after the answer (reset codes, new-device notices); settle() waits for it. */
  background: BackgroundTasks;
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
  const throttle = createAuthThrottle({
    db,
    clock,
    registrationsPerIpHour: config.registrationsPerIpHour,
  });
  const background = createBackgroundTasks(deps.logger);
  const geo = deps.geo ?? noGeoLookup;
  const terms = createTermsService({
    db,
    clock,
    policy: {
      minAge: config.minAge,
      termsVersion: config.termsVersion,
      privacyVersion: config.privacyVersion,
    },
  });
  const otpSecret = deps.secrets.otpSecret;
  const codeSender = createCodeSender({
    db,
    clock,
    mailer: deps.mailer,
    logger: deps.logger,
    otpSecret,
    publicUrl: config.publicUrl,
  });
  const twoFactor = createTwoFactorService({ db, clock, throttle, otpSecret });
  return {
    tokens,
    sessions,
    throttle,
    codeSender,
    otpSecret,
    terms,
    twoFactor,
    registration: createRegistrationService({
      db,
      clock,
      codeSender,
      sessions,
      otpSecret,
      throttle,
      terms,
    }),
    login: createLoginService({ db, clock, sessions, throttle, terms, twoFactor }),
    geo,
    background,
    devices: createKnownDevices({
      db,
      clock,
      mailer: deps.mailer,
      background,
      geo,
      publicUrl: config.publicUrl,
    }),
    passwordReset: createPasswordResetService({
      db,
      clock,
      background,
      codeSender,
      sessions,
      otpSecret,
    }),
  };
}

/**
 * Cookies, the `app.authenticate` hook (on the root app, for every feature), `app.auth` and
 * the /api/auth routes.
 */
const authPlugin: FastifyPluginAsync<AuthFeatureOptions> = async (app, options) => {
  const geo =
    options.geo ??
    (options.config.geoipDbPath === undefined
      ? undefined
      : await openMaxmindGeoLookup(options.config.geoipDbPath));
  const auth = createAuth({ ...options, ...(geo ? { geo } : {}) });
  app.decorate('auth', auth);
  await app.register(fastifyCookie);
  registerAuthentication(app, auth.sessions);
  await app.register(authRoutes, {
    prefix: '/api',
    registration: auth.registration,
    login: auth.login,
    sessions: auth.sessions,
    publicUrl: options.config.publicUrl,
    devices: auth.devices,
  });
  await app.register(passwordResetRoutes, {
    prefix: '/api',
    passwordReset: auth.passwordReset,
    devices: auth.devices,
  });
  await app.register(sessionRoutes, { prefix: '/api', sessions: auth.sessions, geo: auth.geo });
  await app.register(twoFactorRoutes, { prefix: '/api', twoFactor: auth.twoFactor });
  // Some mail goes out after the answer: let it go before the database closes.
  app.addHook('onClose', () => auth.background.settle());
};

export const authFeature = fastifyPlugin(authPlugin, { name: 'auth' });
