import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { bonusRoutes } from './bonus-routes';
import { createBonusService, type BonusService } from './bonus-service';
import { createSettler, type Settler } from './settler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bonus engine: the service, and the settler that follows the ledger's postings. */
    bonus: { service: BonusService; settler: Settler };
  }
}

export interface BonusFeatureOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
}

/**
 * /api/bonus/* and the engine behind it (README.md here, decision 039). It listens to the
 * ledger's committed postings: a bet, win or refund of a bonus, or a deposit, brings that
 * player's bonus up to date (conversion, deposit match, lost). Expiries are swept by
 * `app.bonus.settler.start()` (start-server; tests' apps call settle themselves).
 */
const bonusPlugin: FastifyPluginAsync<BonusFeatureOptions> = async (app, options) => {
  const service = createBonusService({ ...options, ledger: app.wallet });
  const settler = createSettler({ service, logger: options.logger });
  const unsubscribe = app.wallet.events.onPosted(({ userId, entry }) => {
    if (entry.kind === 'bonus') return;
    if (entry.bonusId !== null || entry.kind === 'deposit') settler.queue(userId);
  });
  // A self-excluded player's bonuses end, the reason recorded with responsible gaming's
  // changes (decision 070).
  const rg = app.responsibleGaming.service;
  const stopListening = rg.blocks.onBlocked(async ({ userId, kind }) => {
    if (kind !== 'self_exclusion') return;
    const ids = await service.cancelAllOpen(userId);
    if (ids.length > 0) {
      await rg.note(userId, 'bonus_cancelled', 'self-exclusion', {
        bonus_ids: ids.map(String),
      });
    }
  });
  app.decorate('bonus', { service, settler });
  app.addHook('onClose', async () => {
    stopListening();
    unsubscribe();
    await settler.stop();
  });
  await app.register(bonusRoutes, { prefix: '/api', service, responsibleGaming: rg });
};

export const bonusFeature = fastifyPlugin(bonusPlugin, {
  name: 'bonus',
  dependencies: ['auth', 'wallet', 'responsible-gaming'],
});
