import type { FastifyPluginAsync } from 'fastify';
import type { WebhookDispatcher, WebhookRetryPolicy, WebhookSender } from '../shared/webhooks';
import type { Payout } from './objects';

export interface CardSandboxOptions {
  /** Where the browser reaches the sandbox (absolute, or a path on the host's origin). */
  publicUrl: string;
  /** The merchant's secret API key (server to server). */
  secretKey: string;
  /** The key the browser uses to tokenise a card. */
  publishableKey: string;
  /** Signs every webhook. */
  webhookSecret: string;
  /** The merchant's webhook endpoint. */
  webhookUrl: string;
  /** How a webhook reaches it. */
  send: WebhookSender;
  retry?: Partial<WebhookRetryPolicy>;
  /** A payout is paid this long after it is created; null: only by the test helpers. */
  payoutDelayMs?: number | null;
  /** Queue webhooks until `webhooks.deliver()` (tests that reorder them). */
  holdWebhooks?: boolean;
  now?: () => Date;
  onError?: (message: string) => void;
}

export interface CardSandbox {
  /** Register in the host: `app.register(sandbox.plugin, { prefix: '/sandbox/card' })`. */
  plugin: FastifyPluginAsync;
  webhooks: WebhookDispatcher;
  /** Settles a pending payout as the bank would (test helpers, also over HTTP). */
  settlePayout(id: string, outcome: 'paid' | 'failed'): Payout | undefined;
  close(): void;
}
