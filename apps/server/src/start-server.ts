import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/open-database';
import { imageCatalogOf } from './db/pglite-image';
import { settleImageCatalog } from './db/pglite-image-catalog';
import { createAppMetaRepository } from './features/instance';
import { prepareSimulatedProviders } from './features/providers';
import { ensureInstanceIdentity } from './features/instance';
import { systemClock } from './lib/clock';
import type { ImageAhead } from './db/pglite-image-ahead';
import { StartupError } from './lib/errors';
import { createLogger, type Logger } from './lib/logger';
import { shutDownGracefully } from './lib/operations/graceful-shutdown';
import { serverVersion } from './lib/package-root';
import { startTracing } from './lib/tracing/tracing';
import { createLogMailer } from './lib/mail/log-mailer';
import { createSmtpMailer } from './lib/mail/smtp-mailer';
import { assertWebAppBuilt } from './http/web-app';

export interface StartedServer {
  app: FastifyInstance;
  config: Config;
  logger: Logger;
  /** The address the server listens on, e.g. http://127.0.0.1:3000. */
  address: string;
}

/**
 * Start-up in order: configuration, web build check, database (opened and migrated),
 * instance identity, app, listen. Throws StartupError (ConfigError) for problems the
 * operator fixes; the entry point prints those without a stack trace.
 */
export async function startServer(
  env: Record<string, string | undefined> = process.env,
  options: { imageAhead?: ImageAhead | undefined } = {},
): Promise<StartedServer> {
  // Where start-up time goes, logged once: recovery after a crash is this (decision 055).
  const began = performance.now();
  const timings: Record<string, number> = {};
  // CPU beside wall: on a busy machine the wall time measures the queue for a core
  // (bench:startup prints both, decision 093).
  const cpu: Record<string, number> = {};
  let mark = began;
  let cpuMark = process.cpuUsage();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
    const used = process.cpuUsage(cpuMark);
    cpu[name] = Math.round((used.user + used.system) / 1000);
    cpuMark = process.cpuUsage();
  };
  // Simulated providers: their secrets (DATA_DIR/providers.json) and, for PORT=0, the port.
  const config = await prepareSimulatedProviders(loadConfig(env));
  // Checked before the database opens, so a missing build fails fast and leaves no files.
  if (config.env === 'production') assertWebAppBuilt(config.webDistDir);

  // OTEL_EXPORTER_OTLP_ENDPOINT unset: nothing of OpenTelemetry is loaded (lib/tracing).
  const tracing = await startTracing(config, serverVersion);
  const logger = createLogger(config, undefined, tracing?.logMixin);
  lap('configMs');
  const db = await openDatabase(config, logger, { tracing, imageAhead: options.imageAhead });
  // Written ahead for nothing (another folder in the end, an image that does not fit): gone.
  void options.imageAhead?.discard();
  try {
    await db.migrate();
    lap('migrateMs');
    const identity = await ensureInstanceIdentity(createAppMetaRepository(db), systemClock);
    logger.info(
      { driver: db.driver, instanceId: identity.instanceId, installedAt: identity.installedAt },
      'database ready',
    );
    lap('identityMs');
    const app = await buildApp({
      config,
      db,
      logger,
      clock: systemClock,
      tracing,
      mailer: config.smtpUrl
        ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
        : createLogMailer(logger, config.env),
    });
    lap('buildAppMs');
    // A database just made from the image holds the studios' games (decision 096): kept if
    // this server would sync exactly them (then there is nothing for a start-up sync to
    // do), else deleted, so the start is as on an empty one.
    let catalog: Awaited<ReturnType<typeof settleImageCatalog>> = 'none';
    if ('fromImage' in db && typeof db.fromImage === 'string') {
      catalog = await settleImageCatalog({
        db,
        catalog: await imageCatalogOf(db.fromImage),
        settings: app.gameCatalog.settings,
        adapters: app.gameCatalog.adapters,
      });
      logger.info({ catalog }, 'new embedded database: the image’s games');
    }
    // Simulated providers: the catalog is synced before the first request (in-process, fast)
    // when it is empty, else in the background. External ones: in the background, retried,
    // so a slow provider never delays start-up.
    await app.gameCatalog.scheduler.start({ current: catalog === 'kept' });
    lap('catalogMs');
    app.housekeeping.start();
    app.payments.reconciliation.start();
    app.bonus.settler.start();
    app.reports.job.start();
    const address = await app.listen({ port: config.port, host: config.host });
    lap('listenMs');
    logger.info(
      {
        startup: {
          ...timings,
          totalMs: Math.round(performance.now() - began),
          // Since the process began: module loading included.
          sinceProcessStartMs: Math.round(performance.now()),
        },
        startupCpu: {
          ...cpu,
          sinceProcessStartMs: Math.round(
            (process.cpuUsage().user + process.cpuUsage().system) / 1000,
          ),
        },
      },
      'start-up timings',
    );
    return { app, config, logger, address };
  } catch (error) {
    await db.close();
    await tracing?.shutdown();
    throw error;
  }
}

/**
 * The entry point's work (server.ts): start, and stop gracefully on SIGTERM/SIGINT. An
 * operator-facing problem (StartupError: a bad variable, a missing build) is printed
 * without a stack trace; the process exits 1 on any failure to start.
 */
export async function runServer(imageAhead?: ImageAhead): Promise<void> {
  try {
    const { app, config, logger } = await startServer(process.env, { imageAhead });
    // On a signal: readiness 503 at once, new requests refused, streams and sockets told to
    // reconnect, requests in flight answered within SHUTDOWN_TIMEOUT_MS, then the database
    // closes and the process exits 0. Past the budget the connections left are cut (logged
    // as an error); closeWithGrace's own delay, 5 s later, is the last resort (exit 1).
    closeWithGrace({ delay: config.shutdownTimeoutMs + 5_000, logger }, async ({ signal, err }) => {
      if (err) logger.error({ err }, 'closing after an uncaught error');
      else logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'closing');
      const outcome = await shutDownGracefully(app, {
        timeoutMs: config.shutdownTimeoutMs,
        logger,
      });
      logger.info({ shutdown: outcome }, 'closed');
    });
  } catch (error) {
    // A start that failed before the database opened leaves no scratch folder behind.
    await imageAhead?.discard();
    if (error instanceof StartupError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Start-up failed: ${String(error)}\n`);
      console.error(error);
    }
    process.exit(1);
  }
}
