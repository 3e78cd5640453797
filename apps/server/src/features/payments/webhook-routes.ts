import { paymentsErrorCodes } from '@casino/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors';
import { WebhookRejected } from './card/card-provider';
import type { Clock } from '../../lib/clock';
import type { PaymentsService } from './payments-service';
import { WebhookMalformed } from './webhook-bodies';

/**
 * The event `parse` reads from a signed body, or the refusal: a bad or stale signature is 400
 * WEBHOOK_SIGNATURE_INVALID (`signed` names what carries it), a signed body that is no event
 * of ours 400 WEBHOOK_INVALID; both logged as `what` for a person to see.
 */
function verifiedEvent<E>(log: FastifyBaseLogger, what: string, signed: string, parse: () => E): E {
  try {
    return parse();
  } catch (error) {
    if (error instanceof WebhookMalformed) {
      log.warn({ reason: error.message }, `${what} malformed`);
      throw new AppError(
        400,
        paymentsErrorCodes.WEBHOOK_INVALID,
        'The webhook body is not an event this server reads.',
      );
    }
    if (error instanceof WebhookRejected) {
      log.warn({ reason: error.message }, `${what} refused`);
      throw new AppError(
        400,
        paymentsErrorCodes.WEBHOOK_SIGNATURE_INVALID,
        `The ${signed} signature does not verify.`,
      );
    }
    throw error;
  }
}

export interface WebhookRoutesOptions {
  service: PaymentsService;
  clock: Clock;
}

/** Header of the card service's signature (`t=…,v1=…`). */
export const cardSignatureHeader = 'sandbox-signature';

/**
 * POST /api/payments/webhooks/card: the card service's events. The body is kept as the raw
 * text it was signed as (a re-serialised JSON would not verify). A bad or stale signature is
 * 400 and changes nothing; so is a signed body that is not an event we read (400
 * WEBHOOK_INVALID: a signed body is still input, checked by webhook-bodies.ts); a good one is
 * applied and acknowledged with 200 so the service
 * stops retrying it; an error on our side is 500, and the service retries.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = (
  app,
  { service, clock },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post('/payments/webhooks/card', { schema: { hide: true } }, async (request, reply) => {
    const card = service.card;
    if (!card) {
      throw new AppError(404, paymentsErrorCodes.PAYMENTS_DISABLED, 'Card payments are off.');
    }
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[cardSignatureHeader];
    const event = verifiedEvent(request.log, 'card webhook', 'webhook', () =>
      card.parseWebhook(raw, typeof header === 'string' ? header : undefined, clock.now()),
    );
    const outcome = await service.applyCardEvent(card.slug, event);
    request.log.info({ eventId: event.eventId, type: event.type, outcome }, 'card webhook');
    return reply.send({ received: true });
  });

  app.post('/payments/webhooks/crypto', { schema: { hide: true } }, async (request, reply) => {
    const crypto = service.crypto;
    if (!crypto) {
      throw new AppError(404, paymentsErrorCodes.PAYMENTS_DISABLED, 'Crypto payments are off.');
    }
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[crypto.signatureHeader];
    const event = verifiedEvent(request.log, 'crypto IPN', 'IPN', () =>
      crypto.parseIpn(raw, typeof header === 'string' ? header : undefined),
    );
    const outcome = await service.applyCryptoEvent(crypto.slug, event);
    request.log.info({ eventKey: event.eventKey, outcome }, 'crypto IPN');
    return reply.send({ received: true });
  });
  return Promise.resolve();
};
