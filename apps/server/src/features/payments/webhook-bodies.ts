import { z } from 'zod';
import { unstorableTextPath } from '../../lib/storable-text';

/**
 * A webhook whose signature holds but whose body is not an event we can read: a signed body
 * is still input (issue 25). Answered 400 WEBHOOK_INVALID; nothing is stored or moved.
 */
export class WebhookMalformed extends Error {
  override readonly name = 'WebhookMalformed';
}

/** An identifier or a code of the service: short, printable text. */
const token = (max: number) => z.string().min(1).max(max);

/**
 * The card service's event as far as we read it (docs/protocols/card-sandbox.md): an id, a
 * type and the object it is about. The object's other fields are read leniently by the
 * adapter (a field of the wrong type reads as absent); unknown fields are allowed, as the
 * service adds them over time.
 */
export const cardWebhookEventSchema = z.looseObject({
  id: token(255),
  type: token(255),
  data: z.looseObject({
    object: z.looseObject({
      id: token(255).optional(),
      amount: z.number().optional(),
      currency: token(10).optional(),
      status: token(64).optional(),
      metadata: z.looseObject({ payment_id: z.string().max(64).optional() }).optional(),
    }),
  }),
});

/**
 * The crypto gateway's IPN (docs/protocols/crypto-sandbox.md): always a JSON object, about a
 * payment (payment_id, payment_status, …) or a payout (batch_withdrawal_id, id, status, …).
 * The adapter checks each field's format; here only that it is an object of readable fields.
 */
export const cryptoIpnSchema = z.looseObject({
  payment_id: z.union([token(100), z.number()]).optional(),
  payment_status: token(64).optional(),
  order_id: z.string().max(100).optional(),
  unique_external_id: z.string().max(100).optional(),
  batch_withdrawal_id: z.union([token(100), z.number()]).optional(),
  id: z.union([token(100), z.number()]).optional(),
  status: token(64).optional(),
});

/**
 * The parsed body, checked: every string (and key) storable text, so no NUL or lone
 * surrogate reaches a query (lib/storable-text.ts), then the schema. Throws WebhookMalformed.
 */
export function readWebhookBody<S extends z.ZodType>(body: unknown, schema: S): z.infer<S> {
  const unstorable = unstorableTextPath(body);
  if (unstorable !== undefined) {
    throw new WebhookMalformed(`unstorable text at ${unstorable || '/'}`);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new WebhookMalformed(`not an event: ${issue?.path.join('.') ?? ''} ${issue?.message}`);
  }
  return result.data;
}

/** The raw text as JSON, or WebhookMalformed. */
export function parseWebhookJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    throw new WebhookMalformed('body is not JSON');
  }
}
