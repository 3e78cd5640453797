import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { balanceStreamRoutes } from './balance-stream';
import { relayBalanceNotifications } from './balance-notifications';
import { createLedger, type Ledger } from './ledger';
import { operatorRoutes } from './operator-routes';
import { observeLedger, type PostingObserver } from './posting-observer';
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

export interface WalletFeatureOptions {
  /** With LISTEN: the live balance hears other instances' postings (balance-notifications.ts). */
  db: Database & Pick<DatabaseControl, 'listen'>;
  clock: Clock;
  logger: Logger;
  /** What instances share: the 5-streams cap is counted there (optional for tests). */
  shared?: SharedState;
  /** OPERATOR_API_TOKEN: without it the operator API is not registered (404). */
  operatorApiToken?: string | undefined;
  /** Hears every posting's outcome (the metrics feature's counters); none by default. */
  postingObserver?: PostingObserver;
}

/**
 * The ledger (`app.wallet`, for the features that post: the provider callbacks), /api/wallet/*
 * (statement, live balance stream, behind app.authenticate) and, with a token, the operator
 * API (/api/operator/wallet/*).
 */
const walletPlugin: FastifyPluginAsync<WalletFeatureOptions> = async (app, options) => {
  const { db, clock, logger } = options;
  const ledger = observeLedger(
    createLedger({
      db,
      clock,
      onListenerError: (err) => logger.error({ err }, 'balance change listener failed'),
    }),
    options.postingObserver,
  );
  app.decorate('wallet', ledger);
  const stopRelay = await relayBalanceNotifications({ db, events: ledger.events, logger });
  app.addHook('onClose', () => stopRelay());

  await app.register(transactionsRoutes, { prefix: '/api', ledger, db });
  await app.register(balanceStreamRoutes, {
    prefix: '/api',
    ledger,
    clock,
    ...(options.shared && { shared: options.shared }),
  });
  if (options.operatorApiToken !== undefined) {
    await app.register(operatorRoutes, {
      prefix: '/api',
      ledger,
      db,
      token: options.operatorApiToken,
    });
  }
};

export const walletFeature = fastifyPlugin(walletPlugin, {
  name: 'wallet',
  dependencies: ['auth'],
});
