import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { CryptoNetwork } from '@casino/contracts';
import type { HttpTransport } from '../../../lib/http-transport';
import { fromDecimalString, toDecimalString } from '../../wallet';
import { PaymentProviderRefused, WebhookRejected, type PayoutState } from '../card/card-provider';
import type { CryptoEvent, CryptoPaymentProvider, CryptoState } from './crypto-provider';
import { serviceAnswer } from '../service-answer';
import { cryptoIpnSchema, readWebhookBody, WebhookMalformed } from '../webhook-bodies';

export interface GatewayAdapterOptions {
  apiUrl: string;
  apiKey: string;
  ipnSecret: string;
  transport: HttpTransport;
  /** Simulated mode: where the browser reaches the sandbox's wallet page. */
  sandboxBrowserUrl?: string;
  timeoutMs?: number;
}

/** Our networks (SPEC's crypto form) as the gateway's `pay_currency` codes. */
export const payCurrencies: Record<CryptoNetwork, string> = {
  ETH: 'eth',
  BNC: 'bnbbsc',
  TRC: 'usdttrc20',
};

const states = new Set<CryptoState>([
  'waiting',
  'confirming',
  'confirmed',
  'finished',
  'partially_paid',
  'expired',
  'failed',
]);

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const coins = (value: unknown) =>
  typeof value === 'string' && /^\d{1,12}(\.\d{1,8})?$/.test(value) ? value : undefined;

/** Keys sorted at every level: the text the gateway's HMAC covers. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Json)[key])]),
    );
  }
  return value;
}

/** The gateway's payment object, checked field by field. */
function readPayment(json: Json) {
  const state = str(json.payment_status) as CryptoState | undefined;
  const providerRef =
    str(json.payment_id) ??
    (typeof json.payment_id === 'number' ? String(json.payment_id) : undefined);
  const payAmount = coins(json.pay_amount);
  const actuallyPaid = coins(json.actually_paid) ?? '0';
  const address = str(json.pay_address);
  if (!state || !states.has(state) || !providerRef || !payAmount || !address) return undefined;
  return {
    state,
    providerRef,
    payAmount,
    actuallyPaid,
    address,
    payCurrency: str(json.pay_currency) ?? '',
  };
}

const payoutFailure = {
  code: 'payout_failed',
  message: 'The network did not accept the payout to this address.',
};

/** A payout item: WAITING/SENDING → processing, FINISHED → paid, FAILED/REJECTED → failed. */
function readPayout(json: Json) {
  const providerRef = str(json.id);
  const payAmount = coins(json.amount);
  const address = str(json.address);
  const status = str(json.status)?.toUpperCase();
  if (!providerRef || !payAmount || !address || !status) return undefined;
  const state: PayoutState =
    status === 'FINISHED'
      ? 'paid'
      : status === 'FAILED' || status === 'REJECTED'
        ? 'failed'
        : 'processing';
  return { providerRef, payAmount, address, state };
}

/**
 * The crypto gateway protocol (docs/protocols/crypto-sandbox.md): JSON, `x-api-key`, a payment
 * per order with a deposit address and an amount in the coin, IPN callbacks signed with
 * HMAC-SHA512 over the body's keys sorted.
 */
export function gatewayAdapter(options: GatewayAdapterOptions): CryptoPaymentProvider {
  const base = `${options.apiUrl}/v1`;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
  ): Promise<{ status: number; json: Json }> {
    const request = {
      method,
      url: `${base}${path}`,
      headers: {
        'x-api-key': options.apiKey,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      timeoutMs: options.timeoutMs ?? 15_000,
    };
    // 403: our API key is wrong.
    const answer = await serviceAnswer(options.transport, request, `${method} ${path}`, 403);
    return { status: answer.status, json: answer.body as Json };
  }

  return {
    slug: 'crypto',
    signatureHeader: 'x-sandbox-sig',

    async createPayment(input) {
      const { status, json } = await call('POST', '/payment', {
        price_amount: toDecimalString(input.amount, { scale: 2, rounding: 'floor' }),
        price_currency: 'usd',
        pay_currency: payCurrencies[input.network],
        // The gateway answers the same order id with the same payment: our retry key.
        order_id: input.paymentId,
        order_description: 'Deposit',
      });
      const payment = status < 300 ? readPayment(json) : undefined;
      if (!payment) throw new PaymentProviderRefused(undefined, str(json.message) ?? 'refused');
      return payment;
    },

    async payout(input) {
      const currency = payCurrencies[input.network];
      const usd = toDecimalString(input.amount, { scale: 2, rounding: 'floor' });
      const estimate = await call(
        'GET',
        `/estimate?amount=${usd}&currency_from=usd&currency_to=${currency}`,
      );
      const coinAmount = coins(estimate.json.estimated_amount);
      if (estimate.status !== 200 || !coinAmount) {
        throw new PaymentProviderRefused(undefined, str(estimate.json.message) ?? 'no estimate');
      }
      const { status, json } = await call('POST', '/payout', {
        withdrawals: [
          {
            address: input.address,
            currency,
            amount: coinAmount,
            // One payout per withdrawal, however often we ask.
            unique_external_id: input.paymentId,
          },
        ],
      });
      const item = Array.isArray(json.withdrawals)
        ? (json.withdrawals[0] as Json | undefined)
        : undefined;
      const payout = status < 300 && item ? readPayout(item) : undefined;
      if (!payout) throw new PaymentProviderRefused(undefined, str(json.message) ?? 'refused');
      return {
        providerRef: payout.providerRef,
        state: payout.state,
        payAmount: payout.payAmount,
        payCurrency: currency,
        ...(payout.state === 'failed' ? { failure: payoutFailure } : {}),
      };
    },

    parseIpn(rawBody, signature) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody) as unknown;
      } catch {
        throw new WebhookRejected('body is not JSON');
      }
      if (signature === undefined || !/^[0-9a-f]{128}$/i.test(signature)) {
        throw new WebhookRejected('no signature');
      }
      const expected = createHmac('sha512', options.ipnSecret)
        .update(JSON.stringify(sortKeys(parsed)))
        .digest('hex');
      const digest = (text: string) => createHash('sha256').update(text.toLowerCase()).digest();
      if (!timingSafeEqual(digest(expected), digest(signature))) {
        throw new WebhookRejected('signature mismatch');
      }
      // Signed, yet still input: "x", null or 1 are no IPN (issue 25).
      const body: Json = readWebhookBody(parsed, cryptoIpnSchema);
      if (body.batch_withdrawal_id !== undefined) {
        const payout = readPayout(body);
        if (!payout) throw new WebhookMalformed('not a payout');
        return {
          object: 'payout',
          eventKey: `payout:${payout.providerRef}:${payout.state}`,
          providerRef: payout.providerRef,
          paymentId: str(body.unique_external_id),
          state: payout.state,
          payAmount: payout.payAmount,
          address: payout.address,
        } satisfies CryptoEvent;
      }
      const payment = readPayment(body);
      const price = str(body.price_amount);
      if (
        !payment ||
        !price ||
        !/^\d{1,9}(\.\d{1,2})?$/.test(price) ||
        body.price_currency !== 'usd'
      ) {
        throw new WebhookMalformed('not a payment');
      }
      return {
        object: 'payment',
        eventKey: `${payment.providerRef}:${payment.state}:${payment.actuallyPaid}`,
        providerRef: payment.providerRef,
        paymentId: str(body.order_id),
        state: payment.state,
        priceAmount: fromDecimalString(price, { scale: 2 }),
        payAmount: payment.payAmount,
        actuallyPaid: payment.actuallyPaid,
      } satisfies CryptoEvent;
    },

    ...(options.sandboxBrowserUrl !== undefined
      ? {
          testWalletUrl: (providerRef: string) =>
            `${options.sandboxBrowserUrl ?? ''}/pay/${encodeURIComponent(providerRef)}`,
        }
      : {}),
  };
}
