import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { CryptoNetwork } from '@casino/contracts';
import type { HttpTransport } from '../../providers/http-transport';
import { ProviderUnreachableError } from '../../providers/http-transport';
import { fromDecimalString, toDecimalString } from '../../wallet/money';
import {
  PaymentProviderRefused,
  PaymentProviderUnavailable,
  WebhookRejected,
} from '../card/card-provider';
import type { CryptoEvent, CryptoPaymentProvider, CryptoState } from './crypto-provider';

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

/**
 * The crypto gateway protocol (docs/protocols/crypto-sandbox.md): JSON, `x-api-key`, a payment
 * per order with a deposit address and an amount in the coin, IPN callbacks signed with
 * HMAC-SHA512 over the body's keys sorted.
 */
export function gatewayAdapter(options: GatewayAdapterOptions): CryptoPaymentProvider {
  const base = `${options.apiUrl}/v1`;
  return {
    slug: 'crypto',
    signatureHeader: 'x-sandbox-sig',

    async createPayment(input) {
      if (input.amount % 10n !== 0n) throw new Error('crypto deposits are whole cents');
      let answer;
      try {
        answer = await options.transport({
          method: 'POST',
          url: `${base}/payment`,
          headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({
            price_amount: toDecimalString(input.amount, { scale: 2, rounding: 'floor' }),
            price_currency: 'usd',
            pay_currency: payCurrencies[input.network],
            // The gateway answers the same order id with the same payment: our retry key.
            order_id: input.paymentId,
            order_description: 'Deposit',
          }),
          timeoutMs: options.timeoutMs ?? 15_000,
        });
      } catch (error) {
        if (error instanceof ProviderUnreachableError) {
          throw new PaymentProviderUnavailable(error.message);
        }
        throw error;
      }
      if (answer.status >= 500 || answer.status === 403 || answer.status === 429) {
        throw new PaymentProviderUnavailable(`POST /payment: HTTP ${answer.status}`);
      }
      let json: Json;
      try {
        json = JSON.parse(answer.text) as Json;
      } catch {
        throw new PaymentProviderUnavailable('POST /payment: an answer that is not JSON');
      }
      const payment = answer.status < 300 ? readPayment(json) : undefined;
      if (!payment) throw new PaymentProviderRefused(undefined, str(json.message) ?? 'refused');
      return payment;
    },

    parseIpn(rawBody, signature) {
      let body: Json;
      try {
        body = JSON.parse(rawBody) as Json;
      } catch {
        throw new WebhookRejected('body is not JSON');
      }
      if (signature === undefined || !/^[0-9a-f]{128}$/i.test(signature)) {
        throw new WebhookRejected('no signature');
      }
      const expected = createHmac('sha512', options.ipnSecret)
        .update(JSON.stringify(sortKeys(body)))
        .digest('hex');
      const digest = (text: string) => createHash('sha256').update(text.toLowerCase()).digest();
      if (!timingSafeEqual(digest(expected), digest(signature))) {
        throw new WebhookRejected('signature mismatch');
      }
      const payment = readPayment(body);
      const price = str(body.price_amount);
      if (
        !payment ||
        !price ||
        !/^\d{1,9}(\.\d{1,2})?$/.test(price) ||
        body.price_currency !== 'usd'
      ) {
        throw new WebhookRejected('not a payment');
      }
      return {
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
