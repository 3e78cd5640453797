import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { objectId } from '../shared/ids';
import { sameSecret } from '../shared/same-secret';
import { signatureHeader } from '../shared/signature';
import { defaultWebhookRetry, WebhookDispatcher, type WebhookEvent } from '../shared/webhooks';
import { checkCard, type CardInput } from './cards';
import { idempotentResponses } from './idempotent-responses';
import { currencyOf, invalid, metadataOf, minorAmount, withQuery } from './request-fields';
import type { PaymentIntent, Payout, StoredMethod } from './objects';
import { threeDSecurePage } from './three-d-secure-page';
import type { CardSandbox, CardSandboxOptions } from './card-sandbox-options';

export type { CardSandbox, CardSandboxOptions } from './card-sandbox-options';

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

  const once = idempotentResponses((reply) =>
    fail(reply, 400, {
      type: 'idempotency_error',
      message: 'Keys for idempotent requests can only be used with the same parameters.',
    }),
  );
  /** The server-to-server routes: the secret key only. */
  const secretKeyOnly = {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (authenticate(request, false)) return;
      await fail(reply, 401, { type: 'authentication_error', message: 'Invalid API key.' });
    },
  };
  const missing = (reply: FastifyReply, what: string) =>
    fail(reply, 404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}.`,
    });

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

    app.post('/v1/payment_intents', secretKeyOnly, (request, reply) => {
      return once(request, reply, () => createIntent(request.body));
    });

    app.get<{ Params: { id: string } }>(
      '/v1/payment_intents/:id',
      secretKeyOnly,
      (request, reply) => {
        const intent = intents.get(request.params.id);
        return intent ? reply.send(intent) : missing(reply, 'payment_intent');
      },
    );

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

    app.post('/v1/payouts', secretKeyOnly, (request, reply) => {
      return once(request, reply, () => createPayout(request.body));
    });

    app.get<{ Params: { id: string } }>('/v1/payouts/:id', secretKeyOnly, (request, reply) => {
      const payout = payouts.get(request.params.id);
      return payout ? reply.send(payout) : missing(reply, 'payout');
    });

    app.post<{ Params: { id: string; outcome: 'pay' | 'fail' } }>(
      '/v1/test_helpers/payouts/:id/:outcome',
      secretKeyOnly,
      (request, reply) => {
        const outcome = ({ pay: 'paid', fail: 'failed' } as const)[request.params.outcome];
        const payout = outcome ? settlePayout(request.params.id, outcome) : undefined;
        return payout ? reply.send(payout) : missing(reply, 'payout');
      },
    );
    return Promise.resolve();
  };

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
