import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { objectId } from '../shared/ids';
import { signatureHeader } from '../shared/signature';
import {
  defaultWebhookRetry,
  WebhookDispatcher,
  type WebhookEvent,
  type WebhookRetryPolicy,
  type WebhookSender,
} from '../shared/webhooks';
import { checkCard, type CardInput } from './cards';
import type { PaymentIntent, Payout, StoredMethod } from './objects';
import { threeDSecurePage } from './three-d-secure-page';

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

/** The modelled API's signature header name, spelled for this sandbox. */
export const signatureHeaderName = 'sandbox-signature';

type ApiError = {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  param?: string;
  message: string;
  payment_intent?: PaymentIntent;
};

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const minorAmount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 50 && value <= 99_999_999
    ? value
    : undefined;
const currencyOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[a-z]{3}$/.test(value) ? value : undefined;
function metadataOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/**
 * A card-acquiring service in the style of a payment-intent API (docs/protocols/card-sandbox.md):
 * tokenise a card in the browser, create and confirm an intent on the server, a 3-D Secure
 * redirect when the card asks for it, signed webhooks retried until acknowledged, payouts to a
 * card used before. State lives in memory: the sandbox forgets everything on restart.
 */
export function createCardSandbox(options: CardSandboxOptions): CardSandbox {
  const now = options.now ?? (() => new Date());
  const unix = () => Math.floor(now().getTime() / 1000);
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const methods = new Map<string, StoredMethod>();
  const intents = new Map<string, PaymentIntent>();
  const payouts = new Map<string, Payout>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const timers = new Set<NodeJS.Timeout>();
  const webhooks = new WebhookDispatcher<WebhookEvent>({
    url: options.webhookUrl,
    send: options.send,
    serialize: (event) => JSON.stringify(event),
    sign: (body, at) => ({
      [signatureHeaderName]: signatureHeader(
        options.webhookSecret,
        body,
        Math.floor(at.getTime() / 1000),
      ),
    }),
    retry: { ...defaultWebhookRetry, ...options.retry },
    now,
    hold: options.holdWebhooks ?? false,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const payoutDelayMs = options.payoutDelayMs === undefined ? 2_000 : options.payoutDelayMs;
  // The fingerprint key: stable for this sandbox's life, never leaves it.
  const fingerprintKey = createHash('sha256').update(`fp:${options.secretKey}`).digest('hex');

  const emit = (type: string, object: PaymentIntent | Payout) => {
    webhooks.emit({
      id: objectId('evt'),
      object: 'event',
      type,
      created: unix(),
      // A copy: the event shows the object as it was at that moment.
      data: { object: structuredClone(object) as unknown as Record<string, unknown> },
    });
  };

  function settlePayout(id: string, outcome: 'paid' | 'failed'): Payout | undefined {
    const payout = payouts.get(id);
    if (!payout) return undefined;
    if (payout.status !== 'pending' && payout.status !== 'in_transit') return payout;
    payout.status = outcome;
    if (outcome === 'failed') {
      payout.failure_code = 'could_not_process';
      payout.failure_message = 'The bank could not process this payout.';
    }
    emit(`payout.${outcome}`, payout);
    return payout;
  }

  function authenticate(request: FastifyRequest, allowPublishable: boolean): boolean {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const key = match?.[1];
    if (key === undefined) return false;
    return (
      sameSecret(key, options.secretKey) ||
      (allowPublishable && sameSecret(key, options.publishableKey))
    );
  }

  const fail = (reply: FastifyReply, status: number, error: ApiError) =>
    reply.code(status).send({ error });

  /** Runs `create` once per Idempotency-Key; a repeat answers the first response again. */
  function once(
    request: FastifyRequest,
    reply: FastifyReply,
    create: () => { status: number; body: unknown },
  ): FastifyReply {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' && header.length <= 255 ? header : undefined;
    const fingerprint = JSON.stringify(request.body ?? null);
    if (key !== undefined) {
      const seen = idempotent.get(`${request.routeOptions.url ?? ''} ${key}`);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return fail(reply, 400, {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters.',
          });
        }
        return reply.code(seen.status).header('idempotent-replayed', 'true').send(seen.body);
      }
    }
    const result = create();
    if (key !== undefined && result.status < 500) {
      idempotent.set(`${request.routeOptions.url ?? ''} ${key}`, { fingerprint, ...result });
    }
    return reply.code(result.status).send(result.body);
  }

  const plugin: FastifyPluginAsync = (app) => {
    // The 3-D Secure page's buttons post plain forms without fields.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, body);
      },
    );

    app.addHook('onRequest', (request, reply, done) => {
      // Tokenisation is called from the merchant's page in the browser.
      if (request.url.includes('/v1/payment_methods')) {
        void reply.header('access-control-allow-origin', '*');
        void reply.header('access-control-allow-headers', 'authorization, content-type');
        void reply.header('access-control-allow-methods', 'POST, OPTIONS');
      }
      void reply.header('cache-control', 'no-store');
      done();
    });

    app.options('/v1/payment_methods', (_request, reply) => reply.code(204).send());

    app.post('/v1/payment_methods', (request, reply) => {
      if (!authenticate(request, true)) {
        return fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
      }
      const body = (request.body ?? {}) as { type?: unknown; card?: CardInput };
      if (body.type !== 'card' || typeof body.card !== 'object' || body.card === null) {
        return fail(reply, 400, {
          type: 'invalid_request_error',
          param: 'type',
          message: 'Only type "card" with card details is supported.',
        });
      }
      const checked = checkCard(body.card, now(), fingerprintKey);
      if ('code' in checked) return fail(reply, 402, { type: 'card_error', ...checked });
      const method: StoredMethod = {
        card: checked,
        object: {
          id: objectId('pm'),
          object: 'payment_method',
          type: 'card',
          card: {
            brand: checked.brand,
            last4: checked.last4,
            exp_month: checked.expMonth,
            exp_year: checked.expYear,
            fingerprint: checked.fingerprint,
          },
          created: unix(),
          livemode: false,
        },
      };
      methods.set(method.object.id, method);
      return reply.send(method.object);
    });

    app.get<{ Params: { id: string } }>('/v1/payment_methods/:id', (request, reply) => {
      if (!authenticate(request, false)) {
        return fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
      }
      const method = methods.get(request.params.id);
      if (!method) {
        return fail(reply, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'id',
          message: 'No such payment_method.',
        });
      }
      return reply.send(method.object);
    });

    app.post('/v1/payment_intents', (request, reply) => {
      if (!authenticate(request, false)) {
        return fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
      }
      return once(request, reply, () => createIntent(request.body));
    });

    app.get<{ Params: { id: string } }>('/v1/payment_intents/:id', (request, reply) => {
      if (!authenticate(request, false)) {
        return fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
      }
      const intent = intents.get(request.params.id);
      if (!intent) {
        return fail(reply, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent.',
        });
      }
      return reply.send(intent);
    });

    app.get<{ Params: { id: string } }>('/3ds/:id', (request, reply) => {
      const intent = intents.get(request.params.id);
      if (!intent) return reply.code(404).type('text/plain').send('Unknown payment.');
      return reply
        .type('text/html; charset=utf-8')
        .send(threeDSecurePage(intent, `${publicUrl}/3ds/${intent.id}`));
    });

    app.post<{ Params: { id: string; outcome: string } }>('/3ds/:id/:outcome', (request, reply) => {
      const intent = intents.get(request.params.id);
      const outcome = request.params.outcome;
      if (!intent || (outcome !== 'complete' && outcome !== 'fail')) {
        return reply.code(404).type('text/plain').send('Unknown payment.');
      }
      const returnUrl = intent.next_action?.redirect_to_url.return_url;
      if (intent.status === 'requires_action') {
        intent.next_action = null;
        if (outcome === 'complete') {
          intent.status = 'succeeded';
          emit('payment_intent.succeeded', intent);
        } else {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message: 'The customer did not complete 3-D Secure authentication.',
          };
          emit('payment_intent.payment_failed', intent);
        }
        if (returnUrl) {
          return reply.redirect(withQuery(returnUrl, 'payment_intent', intent.id), 303);
        }
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(threeDSecurePage(intent, `${publicUrl}/3ds/${intent.id}`));
    });

    app.post('/v1/payouts', (request, reply) => {
      if (!authenticate(request, false)) {
        return fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
      }
      return once(request, reply, () => createPayout(request.body));
    });

    app.get<{ Params: { id: string } }>('/v1/payouts/:id', (request, reply) => {
      if (!authenticate(request, false)) {
        return fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
      }
      const payout = payouts.get(request.params.id);
      if (!payout) {
        return fail(reply, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payout.',
        });
      }
      return reply.send(payout);
    });

    app.post<{ Params: { id: string; outcome: 'pay' | 'fail' } }>(
      '/v1/test_helpers/payouts/:id/:outcome',
      (request, reply) => {
        if (!authenticate(request, false)) {
          return fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
        }
        const outcome = ({ pay: 'paid', fail: 'failed' } as const)[request.params.outcome];
        const payout = outcome ? settlePayout(request.params.id, outcome) : undefined;
        if (!payout) {
          return fail(reply, 404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payout.',
          });
        }
        return reply.send(payout);
      },
    );
    return Promise.resolve();
  };

  function invalid(param: string, message: string) {
    return { status: 400, body: { error: { type: 'invalid_request_error', param, message } } };
  }

  function createIntent(raw: unknown): { status: number; body: unknown } {
    const body = (raw ?? {}) as Record<string, unknown>;
    const amount = minorAmount(body.amount);
    if (amount === undefined) return invalid('amount', 'Amount must be 50 to 99999999 cents.');
    const currency = currencyOf(body.currency);
    if (currency === undefined) return invalid('currency', 'Invalid currency.');
    const method =
      typeof body.payment_method === 'string' ? methods.get(body.payment_method) : undefined;
    if (!method) return invalid('payment_method', 'No such payment_method.');
    if (body.confirm !== true)
      return invalid('confirm', 'The sandbox supports confirm: true only.');
    const returnUrl = typeof body.return_url === 'string' ? body.return_url : undefined;
    const intent: PaymentIntent = {
      id: objectId('pi'),
      object: 'payment_intent',
      amount,
      currency,
      status: 'processing',
      payment_method: method.object.id,
      metadata: metadataOf(body.metadata),
      next_action: null,
      last_payment_error: null,
      created: unix(),
      livemode: false,
    };
    intents.set(intent.id, intent);
    switch (method.card.behaviour) {
      case 'approve':
        intent.status = 'succeeded';
        emit('payment_intent.succeeded', intent);
        return { status: 200, body: intent };
      case 'three_d_secure':
        if (returnUrl === undefined) {
          intents.delete(intent.id);
          return invalid(
            'return_url',
            'This card requires authentication: return_url is required.',
          );
        }
        intent.status = 'requires_action';
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { url: `${publicUrl}/3ds/${intent.id}`, return_url: returnUrl },
        };
        emit('payment_intent.requires_action', intent);
        return { status: 200, body: intent };
      case 'decline_generic':
      case 'decline_insufficient_funds': {
        const insufficient = method.card.behaviour === 'decline_insufficient_funds';
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
          message: insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.',
        };
        emit('payment_intent.payment_failed', intent);
        return {
          status: 402,
          body: { error: { ...intent.last_payment_error, payment_intent: intent } },
        };
      }
    }
  }

  function createPayout(raw: unknown): { status: number; body: unknown } {
    const body = (raw ?? {}) as Record<string, unknown>;
    const amount = minorAmount(body.amount);
    if (amount === undefined) return invalid('amount', 'Amount must be 50 to 99999999 cents.');
    const currency = currencyOf(body.currency);
    if (currency === undefined) return invalid('currency', 'Invalid currency.');
    const method = typeof body.destination === 'string' ? methods.get(body.destination) : undefined;
    if (!method) return invalid('destination', 'No such payment_method.');
    const payout: Payout = {
      id: objectId('po'),
      object: 'payout',
      amount,
      currency,
      destination: method.object.id,
      status: 'pending',
      failure_code: null,
      failure_message: null,
      metadata: metadataOf(body.metadata),
      created: unix(),
      livemode: false,
    };
    payouts.set(payout.id, payout);
    emit('payout.created', payout);
    if (payoutDelayMs !== null) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        settlePayout(payout.id, 'paid');
      }, payoutDelayMs);
      timer.unref();
      timers.add(timer);
    }
    return { status: 200, body: payout };
  }

  return {
    plugin,
    webhooks,
    settlePayout,
    close() {
      webhooks.close();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
