import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../shared/same-secret';
import {
  defaultWebhookRetry,
  WebhookDispatcher,
  type Deliverable,
  type WebhookRetryPolicy,
  type WebhookSender,
} from '../shared/webhooks';
import { ipnSignature, sortKeys } from './ipn-signature';
import { payPage } from './pay-page';
import {
  coinsFor,
  cryptoNetworks,
  depositAddress,
  formatCoins,
  parseCoins,
  type PayCurrency,
} from './networks';

export type CryptoStatus =
  'waiting' | 'confirming' | 'confirmed' | 'finished' | 'partially_paid' | 'expired' | 'failed';

/** A payment as the gateway's API shows it (amounts as decimal strings). */
export interface CryptoPayment {
  payment_id: string;
  payment_status: CryptoStatus;
  pay_address: string;
  price_amount: string;
  price_currency: 'usd';
  pay_amount: string;
  actually_paid: string;
  pay_currency: PayCurrency;
  network: string;
  order_id: string;
  /** Sandbox addition: blocks seen on top of the player's transaction. */
  confirmations: number;
  created_at: string;
  updated_at: string;
  expiration_estimate_date: string;
}

export type PayoutStatus = 'WAITING' | 'SENDING' | 'FINISHED' | 'FAILED';

/** One withdrawal of a payout batch, as the gateway's API shows it. */
export interface CryptoPayout {
  id: string;
  batch_withdrawal_id: string;
  address: string;
  currency: PayCurrency;
  amount: string;
  status: PayoutStatus;
  unique_external_id: string;
  /** Sandbox addition: blocks seen since it was sent. */
  confirmations: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface CryptoSandboxOptions {
  /** Where the browser reaches the sandbox (its "send coins" page). */
  publicUrl: string;
  apiKey: string;
  ipnSecret: string;
  /** The merchant's IPN endpoint (set once, as in the gateway's dashboard). */
  ipnUrl: string;
  send: WebhookSender;
  retry?: Partial<WebhookRetryPolicy>;
  /** Blocks after the coins arrive before the payment is confirmed. Default 2. */
  confirmations?: number;
  /** A payment nobody pays expires after this long. Default 30 minutes. */
  expiryMs?: number;
  /** A simulated block every this many ms; null: only when asked (tests). Default 5000. */
  blockIntervalMs?: number | null;
  now?: () => Date;
  onError?: (message: string) => void;
}

interface Ipn extends Deliverable {
  body: CryptoPayment | CryptoPayout;
}

export interface CryptoSandbox {
  plugin: FastifyPluginAsync;
  ipns: WebhookDispatcher<Ipn>;
  /** The player's wallet sends coins to a payment's address (the "send coins" button). */
  sendCoins(paymentId: string, amount: string): CryptoPayment | undefined;
  /** Mines `blocks` simulated blocks: confirmations, then final statuses and expiries. */
  mine(blocks?: number): void;
  close(): void;
}

export const ipnHeaderName = 'x-sandbox-sig';

/**
 * A crypto payment gateway in the style of a published one (docs/protocols/crypto-sandbox.md):
 * a payment gets a deposit address and an amount in the chosen coin; coins "sent" in the
 * sandbox are confirmed after N simulated blocks; every status change is an IPN signed with
 * HMAC-SHA512, retried until acknowledged.
 */
export function createCryptoSandbox(options: CryptoSandboxOptions): CryptoSandbox {
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const required = options.confirmations ?? 2;
  const expiryMs = options.expiryMs ?? 30 * 60_000;
  const payments = new Map<string, CryptoPayment>();
  const payouts = new Map<string, CryptoPayout>();
  let ipnCounter = 0;
  const ipns = new WebhookDispatcher<Ipn>({
    url: options.ipnUrl,
    send: options.send,
    serialize: (ipn) => JSON.stringify(sortKeys(ipn.body)),
    sign: (body) => ({ [ipnHeaderName]: ipnSignature(options.ipnSecret, JSON.parse(body)) }),
    retry: { ...defaultWebhookRetry, ...options.retry },
    now,
    hold: false,
    ...(options.onError ? { onError: options.onError } : {}),
  });

  function notify(key: string, body: CryptoPayment | CryptoPayout): void {
    ipnCounter += 1;
    ipns.emit({
      id: `${key}:${ipnCounter}`,
      created: Math.floor(now().getTime() / 1000),
      body: structuredClone(body),
    });
  }

  function change(payment: CryptoPayment, status: CryptoStatus): void {
    payment.payment_status = status;
    payment.updated_at = now().toISOString();
    notify(payment.payment_id, payment);
  }

  function changePayout(payout: CryptoPayout, status: PayoutStatus): void {
    payout.status = status;
    payout.updated_at = now().toISOString();
    if (status === 'FAILED') payout.error = 'The network rejected the transaction.';
    notify(payout.id, payout);
  }

  function expire(): void {
    for (const payment of payments.values()) {
      if (
        payment.payment_status === 'waiting' &&
        now().getTime() >= Date.parse(payment.expiration_estimate_date)
      ) {
        change(payment, 'expired');
      }
    }
  }

  function mine(blocks = 1): void {
    expire();
    for (const payout of payouts.values()) {
      if (payout.status !== 'SENDING') continue;
      payout.confirmations += blocks;
      // A documented test rule: an address ending in "dead" never receives.
      if (payout.address.toLowerCase().endsWith('dead')) changePayout(payout, 'FAILED');
      else if (payout.confirmations >= required) changePayout(payout, 'FINISHED');
    }
    for (const payment of payments.values()) {
      if (payment.payment_status !== 'confirming') continue;
      payment.confirmations += blocks;
      if (payment.confirmations < required) continue;
      change(payment, 'confirmed');
      const paid = parseCoins(payment.actually_paid) ?? 0n;
      const due = parseCoins(payment.pay_amount) ?? 0n;
      change(payment, paid >= due ? 'finished' : 'partially_paid');
    }
  }

  function sendCoins(paymentId: string, amount: string): CryptoPayment | undefined {
    expire();
    const payment = payments.get(paymentId);
    const coins = parseCoins(amount);
    if (!payment || coins === undefined || coins <= 0n) return undefined;
    // Coins sent after the payment ended are not this payment's any more.
    if (payment.payment_status !== 'waiting' && payment.payment_status !== 'confirming') {
      return payment;
    }
    payment.actually_paid = formatCoins((parseCoins(payment.actually_paid) ?? 0n) + coins);
    payment.confirmations = 0;
    change(payment, 'confirming');
    return payment;
  }

  let timer: NodeJS.Timeout | undefined;
  const interval = options.blockIntervalMs === undefined ? 5_000 : options.blockIntervalMs;
  if (interval !== null) {
    timer = setInterval(() => {
      mine(1);
    }, interval);
    timer.unref();
  }

  const authenticated = (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    return typeof key === 'string' && sameSecret(key, options.apiKey);
  };
  const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).send({ statusCode: status, code, message });

  const plugin: FastifyPluginAsync = (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.header('cache-control', 'no-store');
      done();
    });

    app.get('/v1/status', (_request, reply) => reply.send({ message: 'OK' }));

    app.post('/v1/payment', (request, reply) => {
      if (!authenticated(request)) return fail(reply, 403, 'INVALID_API_KEY', 'Invalid api key');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const price = typeof body.price_amount === 'string' ? body.price_amount : '';
      const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(price);
      // Exact: whole dollars and cents as integers, never through a float.
      const cents = match
        ? BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
        : undefined;
      if (cents === undefined || cents <= 0n) {
        return fail(reply, 400, 'INVALID_REQUEST_PARAMS', 'price_amount must be a decimal string');
      }
      if (body.price_currency !== 'usd') {
        return fail(reply, 400, 'INVALID_REQUEST_PARAMS', 'price_currency must be usd');
      }
      const currency = body.pay_currency;
      if (typeof currency !== 'string' || !(currency in cryptoNetworks)) {
        return fail(reply, 400, 'INVALID_REQUEST_PARAMS', 'pay_currency is not supported');
      }
      const payCurrency = currency as PayCurrency;
      const orderId = typeof body.order_id === 'string' ? body.order_id.slice(0, 100) : '';
      // The gateway's own idempotency: one payment per order id.
      const existing = [...payments.values()].find((p) => orderId !== '' && p.order_id === orderId);
      if (existing) return reply.code(201).send(existing);
      const at = now();
      const payment: CryptoPayment = {
        payment_id: String(randomInt(1_000_000_000, 9_999_999_999)),
        payment_status: 'waiting',
        pay_address: depositAddress(payCurrency),
        price_amount: `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`,
        price_currency: 'usd',
        pay_amount: formatCoins(coinsFor(cents, payCurrency)),
        actually_paid: formatCoins(0n),
        pay_currency: payCurrency,
        network: cryptoNetworks[payCurrency].network,
        order_id: orderId,
        confirmations: 0,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        expiration_estimate_date: new Date(at.getTime() + expiryMs).toISOString(),
      };
      payments.set(payment.payment_id, payment);
      return reply.code(201).send(payment);
    });

    app.get<{ Params: { id: string } }>('/v1/payment/:id', (request, reply) => {
      if (!authenticated(request)) return fail(reply, 403, 'INVALID_API_KEY', 'Invalid api key');
      expire();
      const payment = payments.get(request.params.id);
      if (!payment) return fail(reply, 404, 'PAYMENT_NOT_FOUND', 'Payment not found');
      return reply.send(payment);
    });

    app.get<{ Querystring: Record<string, string | undefined> }>(
      '/v1/estimate',
      (request, reply) => {
        if (!authenticated(request)) return fail(reply, 403, 'INVALID_API_KEY', 'Invalid api key');
        const { amount, currency_from: from, currency_to: to } = request.query;
        const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount ?? '');
        if (!match || from !== 'usd' || !to || !(to in cryptoNetworks)) {
          return fail(
            reply,
            400,
            'INVALID_REQUEST_PARAMS',
            'amount, currency_from=usd, currency_to',
          );
        }
        const cents = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
        return reply.send({
          currency_from: 'usd',
          amount_from: amount,
          currency_to: to,
          // What a payout of this value sends: rounded down, the merchant never overpays.
          estimated_amount: formatCoins(
            (cents * 100_000_000n) / cryptoNetworks[to as PayCurrency].centsPerCoin,
          ),
        });
      },
    );

    app.post('/v1/payout', (request, reply) => {
      if (!authenticated(request)) return fail(reply, 403, 'INVALID_API_KEY', 'Invalid api key');
      const body = (request.body ?? {}) as { withdrawals?: unknown };
      const list = Array.isArray(body.withdrawals)
        ? (body.withdrawals as Record<string, unknown>[])
        : [];
      if (list.length !== 1) {
        return fail(reply, 400, 'INVALID_REQUEST_PARAMS', 'withdrawals: exactly one item');
      }
      const item = list[0] ?? {};
      const currency = item.currency;
      const amount = parseCoins(item.amount);
      const address = typeof item.address === 'string' ? item.address : '';
      const external = typeof item.unique_external_id === 'string' ? item.unique_external_id : '';
      if (typeof currency !== 'string' || !(currency in cryptoNetworks)) {
        return fail(reply, 400, 'INVALID_REQUEST_PARAMS', 'currency is not supported');
      }
      const pattern =
        currency === 'usdttrc20' ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/ : /^0x[0-9a-fA-F]{40}$/;
      if (!pattern.test(address)) {
        return fail(reply, 400, 'INVALID_REQUEST_PARAMS', 'address is not valid for the currency');
      }
      if (amount === undefined || amount <= 0n || external === '') {
        return fail(reply, 400, 'INVALID_REQUEST_PARAMS', 'amount and unique_external_id');
      }
      // The gateway's idempotency for payouts: one per unique_external_id.
      const existing = [...payouts.values()].find((p) => p.unique_external_id === external);
      if (existing)
        return reply.send({ id: existing.batch_withdrawal_id, withdrawals: [existing] });
      const at = now().toISOString();
      const payout: CryptoPayout = {
        id: String(randomInt(1_000_000_000, 9_999_999_999)),
        batch_withdrawal_id: String(randomInt(1_000_000_000, 9_999_999_999)),
        address,
        currency: currency as PayCurrency,
        amount: formatCoins(amount),
        status: 'WAITING',
        unique_external_id: external,
        confirmations: 0,
        error: null,
        created_at: at,
        updated_at: at,
      };
      payouts.set(payout.id, payout);
      // Sent to the chain at once; blocks confirm it (mine()).
      changePayout(payout, 'SENDING');
      return reply.send({ id: payout.batch_withdrawal_id, withdrawals: [payout] });
    });

    // The sandbox's own tools: the player's wallet and the chain.
    app.get<{ Params: { id: string } }>('/pay/:id', (request, reply) => {
      expire();
      const payment = payments.get(request.params.id);
      if (!payment) return reply.code(404).type('text/plain').send('Unknown payment.');
      return reply.type('text/html; charset=utf-8').send(payPage(publicUrl, required, payment));
    });
    app.post<{ Params: { id: string }; Body: { amount?: string } | undefined }>(
      '/pay/:id/send',
      (request, reply) => {
        // A POST without a form has no body at all.
        const payment = sendCoins(request.params.id, request.body?.amount ?? '');
        if (!payment) return reply.code(400).type('text/plain').send('Nothing was sent.');
        return reply.redirect(`${publicUrl}/pay/${payment.payment_id}`, 303);
      },
    );
    app.post<{ Params: { id: string } }>('/pay/:id/mine', (request, reply) => {
      // Back to a payment the sandbox knows (its id is safe in a Location header).
      const payment = payments.get(request.params.id);
      if (!payment) return reply.code(404).type('text/plain').send('Unknown payment.');
      mine(1);
      return reply.redirect(`${publicUrl}/pay/${payment.payment_id}`, 303);
    });
    return Promise.resolve();
  };

  return {
    plugin,
    ipns,
    sendCoins,
    mine,
    close() {
      if (timer) clearInterval(timer);
      ipns.close();
    },
  };
}
