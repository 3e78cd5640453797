import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseConnection } from './db/database';
import { authFeature } from './features/auth/auth-feature';
import { devFeature } from './features/dev/dev-feature';
import { gameSessionsFeature } from './features/game-sessions/game-sessions-feature';
import { gamesFeature } from './features/games/games-feature';
import { healthFeature } from './features/health/health-feature';
import { healthPath } from './features/health/health-routes';
import { housekeepingFeature } from './features/housekeeping/housekeeping-feature';
import { providersFeature } from './features/providers/providers-feature';
import { usersFeature } from './features/users/users-feature';
import { walletFeature } from './features/wallet/wallet-feature';
import { paymentsFeature } from './features/payments/payments-feature';
import { bonusFeature } from './features/bonus/bonus-feature';
import { chatFeature } from './features/chat/chat-feature';
import { supportFeature } from './features/support/support-feature';
import { contentFeature } from './features/content/content-feature';
import { identityFeature } from './features/identity/identity-feature';
import { privacyFeature } from './features/privacy/privacy-feature';
import { responsibleGamingFeature } from './features/responsible-gaming/responsible-gaming-feature';
import { openSharedState } from './lib/shared-state/open-shared-state';
import { handleError } from './http/error-handler';
import { createNotFoundHandler } from './http/not-found';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { addRequestIdHeader } from './http/request-id-header';
import { addShutdownGuard } from './http/shutdown-guard';
import { storableTextValidatorCompiler } from './http/validator';
import { assertWebAppBuilt, registerWebApp, type ServeSpaIndex } from './http/web-app';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { withDevOutbox, type DevOutbox } from './lib/mail/dev-outbox';
import type { Mailer } from './lib/mail/mailer';
import { serverVersion } from './lib/package-root';
import { requestIdFor } from './lib/request-id';
import { resolveSecrets } from './lib/secrets';

/** Everything the app talks to, passed in so a test can swap any of it. */
export interface AppDeps {
  config: Config;
  db: DatabaseConnection;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/**
 * Builds the HTTP app on the given dependencies; nothing is read from globals, so tests
 * build as many apps as they like. The caller listens (or injects) and closes: closing
 * the app closes the database too. The database must already be migrated.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock, logger } = deps;
  // Before anything touches the disk (secrets may be written to DATA_DIR).
  if (config.env === 'production') assertWebAppBuilt(config.webDistDir);
  const secrets = await resolveSecrets(config);
  // Outside production every message sent is also kept for GET /api/dev/outbox.
  let mailer = deps.mailer;
  let outbox: DevOutbox | undefined;
  if (config.env !== 'production') ({ mailer, outbox } = withDevOutbox(mailer, () => clock.now()));

  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: requestIdFor,
    // The id comes from genReqId (which vets the incoming header), never straight from it.
    requestIdHeader: false,
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      // Probes poll the health check every few seconds; their lines would drown the rest.
      disableRequestLogging: (request) => request.url.split('?')[0] === healthPath,
    }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // See shutdown-guard.ts: our 503 while closing has the API's error shape.
    return503OnClosing: false,
    // Malformed URLs (bad %-encoding) get the same error shape as everything else.
    frameworkErrors: (error, request, reply) => {
      handleError(error, request, reply);
    },
  });

  app.setValidatorCompiler(storableTextValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // The API speaks JSON (multipart is added per route where needed); text/plain would only
  // turn a wrong Content-Type into a confusing validation error instead of a clear 415.
  app.removeContentTypeParser('text/plain');

  addRequestIdHeader(app);
  addShutdownGuard(app);
  // app.close() stops the listener and waits for in-flight requests before it runs onClose
  // hooks, so no request still using the database sees it close.
  app.addHook('onClose', async () => {
    await db.close();
  });
  // What instances share (chat messages, online count, rate limits): Redis with REDIS_URL.
  const shared = await openSharedState(config, { clock, logger });
  app.addHook('onClose', async () => {
    await shared.close();
  });

  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Brotli's default (quality 11) costs more CPU per response than it saves in bytes.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // First, so that every answer (API, docs, studios, static files, 404s) carries the headers.
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app, serverVersion, config.apiDocs);

  await registerRateLimit(app, shared);

  // The features, each one plugin (features/<name>/<name>-feature.ts) that names the
  // features it needs: Fastify refuses to start if one is registered before them.
  await app.register(healthFeature, { database: db, clock, version: serverVersion });
  await app.register(authFeature, { config, db, clock, logger, mailer, secrets });
  await app.register(usersFeature, { config, db, clock, logger });
  await app.register(walletFeature, {
    db,
    clock,
    logger,
    shared,
    operatorApiToken: config.operatorApiToken,
  });
  await app.register(gameSessionsFeature, { db, clock });
  // Responsible gaming (decision 070): the cashier, bonuses and chat ask its guards; bets are
  // judged in their own ledger statement.
  await app.register(responsibleGamingFeature, {
    db,
    clock,
    logger,
    mailer,
    config: config.responsibleGaming,
    operatorApiToken: config.operatorApiToken,
  });
  // The identity check (KYC, decision 052): the cashier's withdrawals ask it.
  await app.register(identityFeature, {
    db,
    clock,
    logger,
    withdrawalThreshold: config.kycWithdrawalThreshold,
    shared,
    operatorApiToken: config.operatorApiToken,
    dataDir: config.dataDir,
  });
  // Bonuses: offers, promo codes, wagering; bonus money on the ledger (decision 039).
  await app.register(bonusFeature, { db, clock, logger });
  // The cashier: card and crypto deposits and withdrawals, on the ledger; a withdrawal may
  // forfeit the active bonus (decision 062).
  await app.register(paymentsFeature, { config, db, clock, logger });
  await app.register(providersFeature, { config, db, clock });
  await app.register(gamesFeature, { config, db, clock, logger });
  await app.register(housekeepingFeature, { db, clock, logger });
  await app.register(devFeature, { outbox });
  await app.register(chatFeature, {
    db,
    clock,
    logger,
    shared,
    operatorApiToken: config.operatorApiToken,
  });
  await app.register(supportFeature, {
    db,
    clock,
    shared,
    links: { channelUrl: config.supportChannelUrl, partnerUrl: config.supportPartnerUrl },
    operatorApiToken: config.operatorApiToken,
  });
  await app.register(contentFeature, { contentDir: config.contentDir });
  // Data export and account closure (decision 053).
  await app.register(privacyFeature, { config, db, clock, logger });

  // In development Vite serves the SPA (and proxies /api here); only production serves it.
  let serveSpaIndex: ServeSpaIndex | undefined;
  if (config.env === 'production') serveSpaIndex = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler(createNotFoundHandler(serveSpaIndex ? { serveSpaIndex } : {}));

  return app;
}
