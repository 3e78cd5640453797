import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { createLedger, type Ledger } from './ledger';
import { transactionsRoutes } from './transactions-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The ledger: the one way to move money (provider callbacks, operator commands).
     * See src/features/wallet/README.md.
     */
    wallet: Ledger;
  }
}

export interface WalletDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
}

/**
 * Decorates the app with `app.wallet`. Called before the features that post (the provider
 * callbacks) are registered, so they can take it at registration time.
 */
export function decorateWallet(app: FastifyInstance, deps: WalletDeps): Ledger {
  const ledger = createLedger({
    db: deps.db,
    clock: deps.clock,
    onListenerError: (err) => deps.logger.error({ err }, 'balance change listener failed'),
  });
  app.decorate('wallet', ledger);
  return ledger;
}

/** /api/wallet/*; needs registerAuth first (app.authenticate). */
export async function registerWalletRoutes(app: FastifyInstance, ledger: Ledger): Promise<void> {
  await app.register(transactionsRoutes, { prefix: '/api', ledger });
}
