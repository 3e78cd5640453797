// Entry point: start the server, and stop it cleanly on SIGTERM/SIGINT.
import closeWithGrace from 'close-with-grace';
import { StartupError } from './lib/errors';
import { startServer } from './start-server';

try {
  const { app, logger } = await startServer();
  // On a signal: stop accepting connections, let in-flight requests finish, close the
  // database (app.close()); after 10 s the process exits anyway.
  closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'closing after an uncaught error');
    else logger.info({ signal }, 'closing');
    await app.close();
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
