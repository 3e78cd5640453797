import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseConnection } from './db/database';
import { authFeature } from './features/auth';
import { devFeature } from './features/dev';
import { gameSessionsFeature } from './features/game-sessions';
import { gamesFeature } from './features/games';
import { healthFeature, healthPath, livenessPath, readinessPath } from './features/health';
import { createMetrics, metricsFeature, metricsPath } from './features/metrics';
import { poolCounts } from './db/pool-counts';
import { housekeepingFeature } from './features/housekeeping';
import { providersFeature } from './features/providers';
import { usersFeature } from './features/users';
import { walletFeature } from './features/wallet';
import { paymentsFeature } from './features/payments';
import { bonusFeature } from './features/bonus';
import { chatFeature } from './features/chat';
import { supportFeature } from './features/support';
import { contentFeature } from './features/content';
import { bannersFeature } from './features/banners';
import { identityFeature } from './features/identity';
import { privacyFeature } from './features/privacy';
import { staffFeature } from './features/staff';
import { reportsFeature } from './features/reports';
import { responsibleGamingFeature } from './features/responsible-gaming';
import { openSharedState } from './lib/shared-state/open-shared-state';
import { handleError } from './http/error-handler';
import { AccessLogController } from './http/access-log';
import { createNotFoundHandler } from './http/not-found';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { addRequestIdHeader } from './http/request-id-header';
import { addShutdownGuard } from './http/shutdown-guard';
import { frozenAnswerSerializerCompiler } from './http/serializer';
import { storableTextValidatorCompiler } from './http/validator';
import { assertWebAppBuilt, registerWebApp, type ServeSpaIndex } from './http/web-app';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { withDevOutbox, type DevOutbox } from './lib/mail/dev-outbox';
import type { Mailer } from './lib/mail/mailer';
import { serverVersion } from './lib/package-root';
import { createLifecycle, type Lifecycle } from './lib/operations/lifecycle';
import { requestIdFor } from './lib/request-id';
import { resolveSecrets } from './lib/secrets';
import type { Tracing } from './lib/tracing/tracing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutting down or not, and the requests in flight (lib/operations/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}

/** Probes poll these every few seconds: their request lines would drown the rest. */
const probePaths = new Set([healthPath, livenessPath, readinessPath]);

/** Everything the app talks to, passed in so a test can swap any of it. */
export interface AppDeps {
  config: Config;
  db: DatabaseConnection;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** OpenTelemetry (lib/tracing), only with OTEL_EXPORTER_OTLP_ENDPOINT; the app ends it on close. */
  tracing?: Tracing | undefined;
}

/** Not traced: the probes and the scrape would be most of the spans and tell nothing. */
const untracedPaths = new Set([...probePaths, metricsPath]);

/**
 * Builds the HTTP app on the given dependencies; nothing is read from globals, so tests
 * build as many apps as they like. The caller listens (or injects) and closes: closing
 * the app closes the database too. The database must already be migrated.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock, logger, tracing } = deps;
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
    // Tracing on: each request's span starts with its logger, whose lines then carry its ids.
    ...(tracing && {
      childLoggerFactory(parent, bindings, options, raw) {
        return untracedPaths.has(raw.url?.split('?', 1)[0] ?? '')
          ? parent.child(bindings, options)
          : tracing.childLoggerFactory.call(this, parent, bindings, options, raw);
      },
    }),
    // One access line per request (http/access-log.ts).
    logController: new AccessLogController({
      requestIdLogLabel: 'requestId',
      // Probes poll the health check every few seconds; their lines would drown the rest.
      disableRequestLogging: (request) => probePaths.has(request.url.split('?')[0] ?? ''),
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
  app.setSerializerCompiler(frozenAnswerSerializerCompiler);
  app.setErrorHandler(handleError);
  // The API speaks JSON (multipart is added per route where needed); text/plain would only
  // turn a wrong Content-Type into a confusing validation error instead of a clear 415.
  app.removeContentTypeParser('text/plain');

  if (tracing) {
    // First, so that the span's context holds from the first hook to the last.
    await app.register(tracing.httpPlugin);
    app.addHook('onClose', () => tracing.shutdown());
  }
  addRequestIdHeader(app);
  // Shutdown state and requests in flight (SIGTERM: lib/operations/graceful-shutdown.ts).
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  addShutdownGuard(app, lifecycle);
  // app.close() stops the listener and waits for in-flight requests before it runs onClose
  // hooks, so no request still using the database sees it close.
  app.addHook('onClose', async () => {
    await db.close();
  });
  // What instances share (chat messages, online count, rate limits): Redis with REDIS_URL.
  const shared = await openSharedState(config, { clock, logger, tracing });
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

  // Prometheus metrics (features/metrics): only with METRICS_TOKEN or METRICS_PORT; off,
  // nothing is counted and no hook runs.
  const metrics =
    config.metricsToken !== undefined || config.metricsPort !== undefined
      ? createMetrics({
          openWebSockets: () =>
            app.hasDecorator('websocketServer') ? app.websocketServer.clients.size : 0,
          databasePool: () => poolCounts(db),
          ...(shared.kind === 'redis' ? { redisConnected: () => shared.connected() } : {}),
        })
      : undefined;
  if (metrics) {
    await app.register(metricsFeature, {
      metrics,
      logger,
      token: config.metricsToken,
      port: config.metricsPort,
      host: config.metricsHost,
    });
  }

  // The features, each one plugin (features/<name>/<name>-feature.ts) that names the
  // features it needs: Fastify refuses to start if one is registered before them.
  await app.register(healthFeature, {
    database: db,
    clock,
    version: serverVersion,
    lifecycle,
    ...(shared.kind === 'redis' ? { redisConnected: () => shared.connected() } : {}),
  });
  await app.register(authFeature, { config, db, clock, logger, mailer, secrets });
  await app.register(usersFeature, { config, db, clock, logger });
  await app.register(walletFeature, {
    db,
    clock,
    logger,
    shared,
    ...(metrics ? { postingObserver: (posting) => metrics.posting(posting) } : {}),
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
  });
  // The identity check (KYC, decision 052): the cashier's withdrawals ask it.
  await app.register(identityFeature, {
    db,
    clock,
    logger,
    withdrawalThreshold: config.kycWithdrawalThreshold,
    shared,
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
  });
  await app.register(supportFeature, {
    db,
    clock,
    shared,
    links: { channelUrl: config.supportChannelUrl, partnerUrl: config.supportPartnerUrl },
  });
  // The FAQ and the pages, stored and edited in the back office (decision 092).
  await app.register(contentFeature, { contentDir: config.contentDir, db, clock });
  // The home carousel's banners, written in the back office (decision 090).
  await app.register(bannersFeature, { db, clock });
  // Data export and account closure (decision 053).
  await app.register(privacyFeature, { config, db, clock, logger });
  // The operator's reports and the job that keeps their daily summaries (decision 075).
  await app.register(reportsFeature, { db, clock, logger, timeZone: config.reportsTimeZone });
  // The back office's API (/api/operator, one permission check, the reports' routes too) and
  // app (/backoffice/).
  await app.register(staffFeature, { config, db, clock, logger, shared });

  // SIGTERM: open sockets (chat, support) hear "going away" (1001) at once and reconnect to
  // another instance, as they do at app.close(); new upgrades get the guard's 503.
  lifecycle.onShutdown(() => {
    if (!app.hasDecorator('websocketServer')) return;
    for (const client of app.websocketServer.clients) client.close(1001, 'server closing');
  });

  // In development Vite serves the SPA (and proxies /api here); only production serves it.
  let serveSpaIndex: ServeSpaIndex | undefined;
  if (config.env === 'production') {
    serveSpaIndex = await registerWebApp(app, config.webDistDir, async () => {
      const [first] = await app.banners.live();
      return first ? { desktop: first.desktop, mobile: first.mobile } : null;
    });
  }
  app.setNotFoundHandler(createNotFoundHandler(serveSpaIndex ? { serveSpaIndex } : {}));

  return app;
}
