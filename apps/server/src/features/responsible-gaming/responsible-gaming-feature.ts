import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail/mailer';
import type { RgConfig } from './rg-config';
import { rgRoutes } from './rg-routes';
import { createRgService, type RgService } from './rg-service';
import { rgWarnings, type RgWarnings } from './rg-warnings';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Responsible gaming: the service (limits, blocks, the guards the cashier, bonuses and
     * chat call) and the 80 % warnings. Bets are judged inside their own ledger statement.
     */
    responsibleGaming: { service: RgService; warnings: RgWarnings; config: RgConfig; clock: Clock };
  }
}

export interface ResponsibleGamingFeatureOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  config: RgConfig;
}

/**
 * /api/responsible-gaming/* for players, /api/operator/responsible-gaming/* for the operator
 * (README.md here, decision 070). Listens to the ledger's committed postings: a bet or a
 * deposit may bring a limit to 80 % (the e-mail), a deposit credited over a limit is noted.
 */
const rgPlugin: FastifyPluginAsync<ResponsibleGamingFeatureOptions> = async (app, options) => {
  const { db, clock, logger, config } = options;
  const service = createRgService({
    db,
    clock,
    logger,
    config,
    endOtherSessions: async (userId, keep) => {
      if (keep === undefined) await app.auth.sessions.revokeAll(userId, 'responsible_gaming');
      else await app.auth.sessions.revokeOthers(userId, keep, 'responsible_gaming');
    },
    endLaunches: (userId, at) => app.gameSessions.launches.endPlayerLaunches(userId, at),
  });
  const warnings = rgWarnings({ db, repo: service.repo, clock, logger, mailer: options.mailer });
  const unsubscribe = app.wallet.events.onPosted(({ userId, entry, rgWatch }) => {
    // Only when the bet's own statement saw a limit at 80 % (or a deposit limit): reading
    // every player's limits after every bet cost a round trip per bet (decision 088).
    if (entry.kind === 'bet' && rgWatch === true) warnings.queue(userId);
    if (entry.kind === 'deposit') {
      warnings.queue(userId);
      service.noteDepositCredited(userId, entry.amount).catch((error: unknown) => {
        logger.error({ err: error, userId }, 'responsible gaming: noting a deposit failed');
      });
    }
  });
  app.decorate('responsibleGaming', { service, warnings, config, clock });
  app.addHook('onClose', async () => {
    unsubscribe();
    await warnings.idle();
  });
  await app.register(rgRoutes, { prefix: '/api', service });
};

export const responsibleGamingFeature = fastifyPlugin(rgPlugin, {
  name: 'responsible-gaming',
  dependencies: ['auth', 'wallet', 'game-sessions'],
});
