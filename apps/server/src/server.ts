// Entry point: start the server, and stop it gracefully on SIGTERM/SIGINT.
import closeWithGrace from 'close-with-grace';
import { StartupError } from './lib/errors';
import { shutDownGracefully } from './lib/operations/graceful-shutdown';
import { startServer } from './start-server';

try {
  const { app, config, logger } = await startServer();
  // On a signal: readiness 503 at once, new requests refused, streams and sockets told to
  // reconnect, requests in flight answered within SHUTDOWN_TIMEOUT_MS, then the database
  // closes and the process exits 0. Past the budget the connections left are cut (logged as
  // an error); closeWithGrace's own delay, 5 s later, is the last resort (exit 1).
  closeWithGrace({ delay: config.shutdownTimeoutMs + 5_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'closing after an uncaught error');
    else logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'closing');
    const outcome = await shutDownGracefully(app, { timeoutMs: config.shutdownTimeoutMs, logger });
    logger.info({ shutdown: outcome }, 'closed');
  });
} catch (error) {
  if (error instanceof StartupError) {
    // Operator-facing problem (bad variable, missing build): the message says what to do.
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${String(error)}\n`);
    console.error(error);
  }
  process.exit(1);
}
