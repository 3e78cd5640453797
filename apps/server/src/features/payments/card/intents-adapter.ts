import type { HttpTransport, OutgoingRequest } from '../../../lib/http-transport';
import {
  PaymentProviderRefused,
  type CardPaymentProvider,
  type ChargeOutcome,
  type PaymentFailure,
  type PayoutOutcome,
  type ProviderEvent,
} from './card-provider';
import { verifyWebhookSignature } from './webhook-signature';
import { serviceAnswer } from '../service-answer';
import { cardWebhookEventSchema, parseWebhookJson, readWebhookBody } from '../webhook-bodies';

export interface IntentsAdapterOptions {
  /** The service's API base (…/v1 is appended), without a trailing slash. */
  apiUrl: string;
  /** Where the browser reaches the same API (differs when the sandbox runs in-process). */
  browserApiUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  transport: HttpTransport;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const obj = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;

/** Our thousandths to the service's cents: the cashier only accepts whole cents. */
function toCents(thousandths: bigint): number {
  if (thousandths % 10n !== 0n) throw new Error(`${thousandths} thousandths is not whole cents`);
  return Number(thousandths / 10n);
}
function fromCents(value: unknown): bigint {
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) * 10n : -1n;
}

/** The service's payment error, in our stable codes. */
export function failureOf(error: Json | undefined): PaymentFailure {
  const code = str(error?.code);
  const decline = str(error?.decline_code);
  if (code === 'payment_intent_authentication_failure') {
    return {
      code: 'authentication_failed',
      message: '3-D Secure authentication was not completed.',
    };
  }
  if (decline === 'insufficient_funds') {
    return { code: 'insufficient_funds', message: 'The card has insufficient funds.' };
  }
  if (code === 'card_declined') return { code: 'card_declined', message: 'The card was declined.' };
  if (code === 'could_not_process') {
    return { code: 'payout_failed', message: 'The bank could not pay out to this card.' };
  }
  return { code: 'payment_failed', message: 'The payment did not go through.' };
}

function chargeOf(intent: Json): ChargeOutcome {
  const providerRef = str(intent.id) ?? '';
  const redirect = str(obj(obj(intent.next_action)?.redirect_to_url)?.url);
  switch (str(intent.status) ?? '') {
    case 'succeeded':
      return { providerRef, state: 'succeeded' };
    case 'requires_action':
      return redirect === undefined
        ? { providerRef, state: 'pending' }
        : { providerRef, state: 'requires_action', redirectUrl: redirect };
    case 'requires_payment_method':
    case 'canceled':
      return {
        providerRef,
        state: 'failed',
        failure: failureOf(obj(intent.last_payment_error)),
      };
    default:
      return { providerRef, state: 'pending' };
  }
}

function payoutOf(payout: Json): PayoutOutcome {
  const providerRef = str(payout.id) ?? '';
  switch (str(payout.status) ?? '') {
    case 'paid':
      return { providerRef, state: 'paid' };
    case 'failed':
    case 'canceled':
      return {
        providerRef,
        state: 'failed',
        failure: failureOf({ code: str(payout.failure_code) }),
      };
    default:
      return { providerRef, state: 'processing' };
  }
}

/**
 * The payment-intent protocol (docs/protocols/card-sandbox.md): JSON over HTTPS, the secret key
 * as a bearer token, an Idempotency-Key on every creating call, a 402 with the intent inside
 * for a declined card.
 */
export function intentsAdapter(options: IntentsAdapterOptions): CardPaymentProvider {
  const base = `${options.apiUrl}/v1`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    idempotencyKey?: string,
  ): Promise<{ status: number; json: Json }> {
    const request: OutgoingRequest = {
      method,
      url: `${base}${path}`,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      timeoutMs,
    };
    // 401: our key is wrong.
    const answer = await serviceAnswer(options.transport, request, `${method} ${path}`, 401);
    return { status: answer.status, json: obj(answer.body) ?? {} };
  }

  function refused(json: Json): PaymentProviderRefused {
    const error = obj(json.error);
    return new PaymentProviderRefused(str(error?.param), str(error?.message) ?? 'refused');
  }

  return {
    slug: 'card',
    browserConfig: () => ({
      tokenizeUrl: `${options.browserApiUrl}/v1/payment_methods`,
      publishableKey: options.publishableKey,
    }),

    async describeCard(token) {
      const { status, json } = await call('GET', `/payment_methods/${encodeURIComponent(token)}`);
      if (status === 404) return undefined;
      if (status !== 200) throw refused(json);
      const card = obj(json.card);
      const brand = str(card?.brand);
      const last4 = str(card?.last4);
      if (brand === undefined || last4 === undefined || !/^\d{4}$/.test(last4)) return undefined;
      return { brand, last4 };
    },

    async charge(input) {
      const { status, json } = await call(
        'POST',
        '/payment_intents',
        {
          amount: toCents(input.amount),
          currency: input.currency.toLowerCase(),
          payment_method: input.token,
          confirm: true,
          return_url: input.returnUrl,
          metadata: { payment_id: input.paymentId },
        },
        input.paymentId,
      );
      if (status === 200) return chargeOf(json);
      const error = obj(json.error);
      const intent = obj(error?.payment_intent);
      if (status === 402 && intent) return { ...chargeOf(intent), failure: failureOf(error) };
      throw refused(json);
    },

    async retrieveCharge(providerRef) {
      const { status, json } = await call(
        'GET',
        `/payment_intents/${encodeURIComponent(providerRef)}`,
      );
      if (status === 404) return undefined;
      if (status !== 200) throw refused(json);
      return {
        ...chargeOf(json),
        paymentId: str(obj(json.metadata)?.payment_id),
        amount: fromCents(json.amount),
        currency: (str(json.currency) ?? '').toUpperCase(),
      };
    },

    async payout(input) {
      const { status, json } = await call(
        'POST',
        '/payouts',
        {
          amount: toCents(input.amount),
          currency: input.currency.toLowerCase(),
          destination: input.token,
          metadata: { payment_id: input.paymentId },
        },
        input.paymentId,
      );
      if (status === 200) return payoutOf(json);
      throw refused(json);
    },

    parseWebhook(rawBody, signature, now) {
      verifyWebhookSignature(rawBody, signature, options.webhookSecret, now);
      // Signed, yet still input: checked like any other body (issue 25).
      const event = readWebhookBody(parseWebhookJson(rawBody), cardWebhookEventSchema);
      const { id: eventId, type } = event;
      const object: Json = event.data.object;
      const common = {
        eventId,
        type,
        paymentId: str(obj(object.metadata)?.payment_id),
        providerRef: str(object.id) ?? '',
        amount: fromCents(object.amount),
        currency: (str(object.currency) ?? '').toUpperCase(),
      };
      if (type.startsWith('payment_intent.')) {
        const charge = chargeOf(object);
        return {
          ...common,
          object: 'charge',
          state: charge.state,
          ...(charge.failure ? { failure: charge.failure } : {}),
          ...(charge.redirectUrl ? { redirectUrl: charge.redirectUrl } : {}),
        } satisfies ProviderEvent;
      }
      if (type === 'payout.paid' || type === 'payout.failed') {
        const payout = payoutOf(object);
        return {
          ...common,
          object: 'payout',
          state: payout.state,
          ...(payout.failure ? { failure: payout.failure } : {}),
        } satisfies ProviderEvent;
      }
      return { ...common, object: 'other' };
    },
  };
}
