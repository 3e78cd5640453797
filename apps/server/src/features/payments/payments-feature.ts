import {
  createCardSandbox,
  createCryptoSandbox,
  type CardSandbox,
  type CryptoSandbox,
} from '@casino/payments-sandbox';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { fetchTransport, inProcessTransport } from '../../lib/http-transport';
import type { CardPaymentProvider } from './card/card-provider';
import { intentsAdapter } from './card/intents-adapter';
import type { CryptoPaymentProvider } from './crypto/crypto-provider';
import { gatewayAdapter } from './crypto/gateway-adapter';
import { paymentsRoutes } from './payments-routes';
import { createPaymentsService, type PaymentsService } from './payments-service';
import { createReconciliation, type Reconciliation } from './reconciliation';
import { readOrCreateSandboxKeys } from './sandbox-secrets';
import { webhookRoutes } from './webhook-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cashier; each sandbox only in its simulated mode (tests drive them). */
    payments: {
      cardSandbox: CardSandbox | undefined;
      cryptoSandbox: CryptoSandbox | undefined;
      /** Started by start-server (not by tests' apps, which call runOnce themselves). */
      reconciliation: Reconciliation;
      /** The cashier: the back office's withdrawal queue and four-eyes approvals use it. */
      service: PaymentsService;
    };
  }
}

export interface PaymentsFeatureOptions {
  config: Config;
  /** withClusterLock: with several instances on one database, reconciliation runs on one. */
  db: Database & Partial<Pick<DatabaseControl, 'withClusterLock'>>;
  clock: Clock;
  logger: Logger;
}

/** Where the embedded card sandbox is mounted. */
export const cardSandboxPath = '/sandbox/card';
export const cardWebhookPath = '/api/payments/webhooks/card';
export const cryptoSandboxPath = '/sandbox/crypto';
export const cryptoWebhookPath = '/api/payments/webhooks/crypto';

/**
 * The cashier (README.md here): /api/payments/* for players, the webhooks, the operator's
 * approvals, and — in simulated mode — the card and crypto sandboxes mounted in-process. Its
 * postings go through app.wallet; its player routes use app.authenticate.
 */
const paymentsPlugin: FastifyPluginAsync<PaymentsFeatureOptions> = async (app, deps) => {
  const { config } = deps;
  const cardConfig = config.payments.card;
  // Our own address: the sandbox's API and our webhook are reached through it (in-process).
  const selfUrl = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  const browserBase = config.publicUrl ?? '';
  let card: CardPaymentProvider | undefined;
  let cardSandbox: CardSandbox | undefined;
  let crypto: CryptoPaymentProvider | undefined;
  let cryptoSandbox: CryptoSandbox | undefined;
  const cryptoConfig = config.payments.crypto;
  const simulated = cardConfig.mode === 'simulated' || cryptoConfig.mode === 'simulated';
  const stored = simulated ? await readOrCreateSandboxKeys(config.dataDir) : undefined;
  const inProcess = inProcessTransport(app, selfUrl);
  // A third party's delivery, through the whole HTTP stack of this app.
  const deliver = async ({
    url,
    headers,
    body,
  }: {
    url: string;
    headers: Record<string, string>;
    body: string;
  }) => inProcess({ method: 'POST', url, headers, body, timeoutMs: 10_000 });
  const onDeliveryError = (message: string) =>
    deps.logger.warn({ message }, 'payment sandbox webhook delivery failed');

  if (cardConfig.mode === 'simulated' && stored) {
    const keys = {
      secretKey: cardConfig.secretKey ?? stored.secretKey,
      publishableKey: cardConfig.publishableKey ?? stored.publishableKey,
      webhookSecret: cardConfig.webhookSecret ?? stored.webhookSecret,
    };
    cardSandbox = await mounted(
      app,
      cardSandboxPath,
      createCardSandbox({
        publicUrl: `${browserBase}${cardSandboxPath}`,
        ...keys,
        webhookUrl: `${selfUrl}${cardWebhookPath}`,
        send: deliver,
        // Tests settle payouts themselves (the sandbox's test helpers).
        payoutDelayMs: config.env === 'test' ? null : 3_000,
        now: () => deps.clock.now(),
        onError: onDeliveryError,
      }),
    );
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

  if (cryptoConfig.mode === 'simulated' && stored) {
    const apiKey = cryptoConfig.apiKey ?? stored.cryptoApiKey;
    const ipnSecret = cryptoConfig.ipnSecret ?? stored.cryptoIpnSecret;
    cryptoSandbox = await mounted(
      app,
      cryptoSandboxPath,
      createCryptoSandbox({
        publicUrl: `${browserBase}${cryptoSandboxPath}`,
        apiKey,
        ipnSecret,
        ipnUrl: `${selfUrl}${cryptoWebhookPath}`,
        send: deliver,
        confirmations: cryptoConfig.sandboxConfirmations,
        // Tests mine the blocks themselves.
        blockIntervalMs: config.env === 'test' ? null : 5_000,
        now: () => deps.clock.now(),
        onError: onDeliveryError,
      }),
    );
    crypto = gatewayAdapter({
      apiUrl: `${selfUrl}${cryptoSandboxPath}`,
      apiKey,
      ipnSecret,
      transport: inProcess,
      sandboxBrowserUrl: `${browserBase}${cryptoSandboxPath}`,
    });
  } else if (cryptoConfig.mode === 'external') {
    const { apiUrl, apiKey, ipnSecret } = cryptoConfig;
    if (!apiUrl || !apiKey || !ipnSecret) {
      throw new Error('CRYPTO_PAYMENTS_MODE=external without its URL and keys');
    }
    crypto = gatewayAdapter({ apiUrl, apiKey, ipnSecret, transport: fetchTransport });
  }

  const service = createPaymentsService({
    db: deps.db,
    ledger: app.wallet,
    clock: deps.clock,
    logger: deps.logger,
    config: config.payments,
    card,
    crypto,
    identity: app.identity,
    bonus: app.bonus.service,
    responsibleGaming: app.responsibleGaming.service,
    returnUrl: (paymentId) => `${browserBase}/profile/balance/credit?payment=${paymentId}`,
  });
  const reconciliation = createReconciliation({
    service,
    clock: deps.clock,
    logger: deps.logger,
    ...(deps.db.withClusterLock ? { withClusterLock: deps.db.withClusterLock.bind(deps.db) } : {}),
  });
  app.addHook('onClose', async () => {
    await reconciliation.stop();
  });
  app.decorate('payments', { cardSandbox, cryptoSandbox, reconciliation, service });
  await app.register(paymentsRoutes, { prefix: '/api', service });
  await app.register(webhookRoutes, { prefix: '/api', service, clock: deps.clock });
};

/** A sandbox served by this app under `prefix`, and closed with it. */
async function mounted<S extends CardSandbox | CryptoSandbox>(
  app: FastifyInstance,
  prefix: string,
  sandbox: S,
): Promise<S> {
  await app.register(sandbox.plugin, { prefix });
  app.addHook('onClose', () => {
    sandbox.close();
    return Promise.resolve();
  });
  return sandbox;
}

export const paymentsFeature = fastifyPlugin(paymentsPlugin, {
  name: 'payments',
  dependencies: ['auth', 'wallet', 'identity', 'bonus', 'responsible-gaming'],
});
