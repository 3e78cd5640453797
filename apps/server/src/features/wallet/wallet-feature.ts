import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { balanceStreamRoutes } from './balance-stream';
import { createLedger, type Ledger } from './ledger';
import { operatorRoutes } from './operator-routes';
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

/** What the routes need beside the ledger, kept from decorateWallet. */
const depsOf = new WeakMap<Ledger, WalletDeps>();

export interface WalletRoutesOptions {
  /** OPERATOR_API_TOKEN: without it the operator API is not registered (404). */
  operatorApiToken?: string | undefined;
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
  depsOf.set(ledger, deps);
  return ledger;
}

/**
 * /api/wallet/* (statement, live balance stream) and, with a token, the operator API
 * (/api/operator/wallet/*); needs registerAuth first (app.authenticate) and a ledger made
 * by decorateWallet.
 */
export async function registerWalletRoutes(
  app: FastifyInstance,
  ledger: Ledger,
  options: WalletRoutesOptions = {},
): Promise<void> {
  const deps = depsOf.get(ledger);
  if (!deps) throw new Error('registerWalletRoutes needs the ledger decorateWallet made');
  await app.register(transactionsRoutes, { prefix: '/api', ledger, db: deps.db });
  await app.register(balanceStreamRoutes, { prefix: '/api', ledger, clock: deps.clock });
  if (options.operatorApiToken !== undefined) {
    await app.register(operatorRoutes, {
      prefix: '/api',
      ledger,
      db: deps.db,
      token: options.operatorApiToken,
    });
  }
}
