import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorResponseSchema } from '@casino/contracts';
import { ipnSignature, signatureHeader } from '@casino/payments-sandbox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxKeys } from '../../src/features/payments/sandbox-secrets';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { fromSchema, hostileString, type JsonSchema } from './schema-arbitrary';

/**
 * The payment webhooks, fuzzed with valid signatures (issue 25): a signed body is still input.
 * Bodies are event-shaped most of the time (so they get past the first check), with hostile
 * text (NUL, lone surrogates, huge), wrong types and bare JSON values ("x", null, 1) mixed in,
 * each signed with the real secret. No answer may be a 5xx; every 4xx is the API's error shape;
 * nothing reaches the ledger. FUZZ_RUNS (default 12) × 10 requests per webhook.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 12) * 10;

const text = (maxLength = 40): JsonSchema => ({ type: 'string', maxLength });
const cardEvent: JsonSchema = {
  type: 'object',
  required: ['id', 'type', 'data'],
  properties: {
    id: text(),
    type: {
      anyOf: [
        { enum: ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payout.paid'] },
        text(),
      ],
    },
    data: {
      type: 'object',
      required: ['object'],
      properties: {
        object: {
          type: 'object',
          required: ['id', 'amount', 'currency', 'status'],
          properties: {
            id: text(),
            amount: { type: 'integer', minimum: -1, maximum: 100_000 },
            currency: { anyOf: [{ enum: ['usd'] }, text(5)] },
            status: { anyOf: [{ enum: ['succeeded', 'requires_action', 'paid'] }, text()] },
            metadata: {
              type: 'object',
              properties: { payment_id: { type: 'string', format: 'uuid' } },
            },
            next_action: {
              type: 'object',
              properties: {
                redirect_to_url: { type: 'object', properties: { url: text(200) } },
              },
            },
          },
        },
      },
    },
  },
};
const cryptoIpn: JsonSchema = {
  anyOf: [
    {
      type: 'object',
      required: ['payment_id', 'payment_status', 'pay_address', 'pay_amount', 'price_amount'],
      properties: {
        payment_id: { anyOf: [text(), { type: 'integer' }] },
        payment_status: { anyOf: [{ enum: ['waiting', 'finished', 'partially_paid'] }, text()] },
        pay_address: text(),
        pay_amount: { anyOf: [{ enum: ['0.016'] }, text()] },
        actually_paid: text(),
        price_amount: { anyOf: [{ enum: ['40.00'] }, text()] },
        price_currency: { anyOf: [{ enum: ['usd'] }, text()] },
        order_id: { type: 'string', format: 'uuid' },
      },
    },
    {
      type: 'object',
      required: ['batch_withdrawal_id', 'id', 'status', 'amount', 'address'],
      properties: {
        batch_withdrawal_id: text(),
        id: text(),
        status: { anyOf: [{ enum: ['FINISHED', 'FAILED'] }, text()] },
        amount: text(),
        address: text(),
        unique_external_id: { type: 'string', format: 'uuid' },
      },
    },
  ],
};

/** Bare JSON values the outside run signed: not an event at all. */
const bareValues = fc.oneof(
  fc.constantFrom<unknown>('x', null, 1, true, [], [{}], '\u0000'),
  hostileString,
  fc.jsonValue({ maxDepth: 2 }),
);

describe('payment webhooks fuzzed with valid signatures: no 5xx', () => {
  let t: TestApp;
  let keys: SandboxKeys;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
    keys = JSON.parse(readFileSync(join(t.config.dataDir, 'payments.json'), 'utf8')) as SandboxKeys;
  });
  afterAll(async () => {
    await t.close();
  });

  const card = (body: unknown) => {
    const raw = JSON.stringify(body) ?? 'null';
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/card',
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signatureHeader(
          keys.webhookSecret,
          raw,
          Math.floor(Date.now() / 1000),
        ),
      },
      payload: raw,
    });
  };
  const crypto = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/crypto',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-sig': ipnSignature(keys.cryptoIpnSecret, body),
      },
      payload: JSON.stringify(body) ?? 'null',
    });

  it('the outside run’s cases: 400 WEBHOOK_INVALID, never a 500', async () => {
    const nulType = {
      id: 'evt_1',
      type: 'payment_intent.succeeded\u0000',
      data: { object: { id: 'pi_1', amount: 1000, currency: 'usd', status: 'succeeded' } },
    };
    for (const res of [await card(nulType), await card('x'), await card(null)]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(errorResponseSchema.parse(res.json()).error.code).toBe('WEBHOOK_INVALID');
    }
    for (const body of ['x', null, 1]) {
      const res = await crypto(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(errorResponseSchema.parse(res.json()).error.code).toBe('WEBHOOK_INVALID');
    }
  });

  it.each([
    ['card', cardEvent, () => card],
    ['crypto', cryptoIpn, () => crypto],
  ] as const)(
    '%s: every signed body answers below 500',
    async (_name, schema, send) => {
      const failures: string[] = [];
      await fc
        .assert(
          fc.asyncProperty(
            fc.oneof({ weight: 4, arbitrary: fromSchema(schema) }, bareValues),
            async (body) => {
              const res = await send()(body);
              if (res.statusCode >= 500) {
                failures.push(`${JSON.stringify(body)?.slice(0, 300)} → ${res.statusCode}`);
                return false;
              }
              if (
                res.statusCode >= 400 &&
                !errorResponseSchema.safeParse(safeJson(res.body)).success
              ) {
                failures.push(`${res.statusCode} not the error shape: ${res.body.slice(0, 200)}`);
                return false;
              }
              return true;
            },
          ),
          { numRuns: runs, endOnFailure: true },
        )
        .catch(() => undefined);
      expect(failures).toEqual([]);
      await expectLedgerClean(t.db);
    },
    120_000,
  );
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
