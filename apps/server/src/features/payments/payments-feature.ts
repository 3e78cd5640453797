import { createCardSandbox, type CardSandbox } from '@casino/payments-sandbox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { fetchTransport, inProcessTransport } from '../providers/http-transport';
import type { Ledger } from '../wallet/ledger';
import type { CardPaymentProvider } from './card/card-provider';
import { intentsAdapter } from './card/intents-adapter';
import type { CashierDeps } from './cashier-deps';
import { operatorPaymentsRoutes } from './operator-payments-routes';
import { paymentsRepository } from './payments-repository';
import { paymentsRoutes } from './payments-routes';
import { readOrCreateSandboxKeys } from './sandbox-secrets';
import { webhookRoutes } from './webhook-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cashier; `cardSandbox` only when CARD_PAYMENTS_MODE=simulated (tests drive it). */
    payments: { cardSandbox: CardSandbox | undefined };
  }
}

export interface PaymentsFeatureDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  ledger: Ledger;
}

/** Where the embedded card sandbox is mounted. */
export const cardSandboxPath = '/sandbox/card';
export const cardWebhookPath = '/api/payments/webhooks/card';

/**
 * The cashier (README.md here): /api/payments/* for players, the card webhook, the operator's
 * approvals, and — in simulated mode — the card sandbox mounted in-process. Needs
 * registerAuth first (app.authenticate).
 */
export async function registerPaymentsFeature(
  app: FastifyInstance,
  deps: PaymentsFeatureDeps,
): Promise<void> {
  const { config } = deps;
  const cardConfig = config.payments.card;
  // Our own address: the sandbox's API and our webhook are reached through it (in-process).
  const selfUrl = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  const browserBase = config.publicUrl ?? '';
  let card: CardPaymentProvider | undefined;
  let cardSandbox: CardSandbox | undefined;

  if (cardConfig.mode === 'simulated') {
    const stored = await readOrCreateSandboxKeys(config.dataDir);
    const keys = {
      secretKey: cardConfig.secretKey ?? stored.secretKey,
      publishableKey: cardConfig.publishableKey ?? stored.publishableKey,
      webhookSecret: cardConfig.webhookSecret ?? stored.webhookSecret,
    };
    const inProcess = inProcessTransport(app, selfUrl);
    cardSandbox = createCardSandbox({
      publicUrl: `${browserBase}${cardSandboxPath}`,
      ...keys,
      webhookUrl: `${selfUrl}${cardWebhookPath}`,
      // A third party's delivery, through the whole HTTP stack of this app.
      send: async ({ url, headers, body }) =>
        inProcess({ method: 'POST', url, headers, body, timeoutMs: 10_000 }),
      // Tests settle payouts themselves (the sandbox's test helpers).
      payoutDelayMs: config.env === 'test' ? null : 3_000,
      now: () => deps.clock.now(),
      onError: (message) => deps.logger.warn({ message }, 'card sandbox webhook delivery failed'),
    });
    await app.register(cardSandbox.plugin, { prefix: cardSandboxPath });
    const sandbox = cardSandbox;
    app.addHook('onClose', () => {
      sandbox.close();
      return Promise.resolve();
    });
    card = intentsAdapter({
      apiUrl: `${selfUrl}${cardSandboxPath}`,
      browserApiUrl: `${browserBase}${cardSandboxPath}`,
      ...keys,
      transport: inProcess,
    });
  } else if (cardConfig.mode === 'external') {
    const { apiUrl, secretKey, publishableKey, webhookSecret } = cardConfig;
    // loadConfig refused external mode without them.
    if (!apiUrl || !secretKey || !publishableKey || !webhookSecret) {
      throw new Error('CARD_PAYMENTS_MODE=external without its URL and keys');
    }
    card = intentsAdapter({
      apiUrl,
      browserApiUrl: apiUrl,
      secretKey,
      publishableKey,
      webhookSecret,
      transport: fetchTransport,
    });
  }

  const cashier: CashierDeps = {
    db: deps.db,
    repo: paymentsRepository(deps.db),
    ledger: deps.ledger,
    clock: deps.clock,
    logger: deps.logger,
    config: config.payments,
    card,
    returnUrl: (paymentId) => `${browserBase}/profile/balance/credit?payment=${paymentId}`,
  };
  app.decorate('payments', { cardSandbox });
  await app.register(paymentsRoutes, { prefix: '/api', deps: cashier });
  await app.register(webhookRoutes, { prefix: '/api', deps: cashier });
  if (config.operatorApiToken !== undefined) {
    await app.register(operatorPaymentsRoutes, {
      prefix: '/api',
      deps: cashier,
      token: config.operatorApiToken,
    });
  }
}
