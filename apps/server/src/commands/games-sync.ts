import { buildApp } from '../app';
import { openDatabase } from '../db/open-database';
import { commandConfig } from '../features/providers';
import { systemClock } from '../lib/clock';
import { StartupError } from '../lib/errors';
import { createLogger } from '../lib/logger';
import { createLogMailer } from '../lib/mail/log-mailer';
import type { Command, CommandIo } from './command';

/**
 * `npm run games:sync -w apps/server`: reads every provider's catalog now, with the server's
 * own configuration, and prints one line per provider. Exit code 0 when every provider
 * synced, 1 otherwise (a failed provider keeps its previous catalog). On PGlite it needs the
 * server stopped (one process per data folder); on PostgreSQL it runs beside the servers.
 */
async function syncGames(io: CommandIo): Promise<number> {
  const config = await commandConfig(io);
  if (!config) return 1;
  // Without PUBLIC_URL the simulated studios' catalogs carry same-origin paths (/studios/…),
  // right at every address of every instance (issue 25); with it, absolute URLs under it.
  const logger = createLogger(config);
  let db;
  try {
    db = await openDatabase(config, logger);
  } catch (error) {
    if (error instanceof StartupError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  // buildApp owns the database from here: closing the app closes it.
  await db.migrate();
  const app = await buildApp({
    config,
    db,
    logger,
    clock: systemClock,
    mailer: createLogMailer(logger, config.env),
  });
  try {
    // The simulated studios answer through app.inject, so the app needs no port.
    const reports = await app.gameCatalog.sync.syncAll();
    for (const report of reports) {
      io.out(
        report.ok
          ? `${report.provider}: ${report.upserted} games synced, ${report.disabled} disabled`
          : `${report.provider}: FAILED, previous catalog kept (${report.error})`,
      );
    }
    return reports.every((report) => report.ok) ? 0 : 1;
  } finally {
    await app.close();
  }
}

export const gamesSync: Command = {
  name: 'games:sync',
  usage: "usage: npm run games:sync -w apps/server  (syncs every provider's catalog now)",
  run: (_argv, io) => syncGames(io),
};
