import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './card-provider';

/** How old a signed timestamp may be (either way): the modelled API's default, 5 minutes. */
export const webhookToleranceSeconds = 300;

/**
 * Checks `t=<unix seconds>,v1=<hex>` against HMAC-SHA256(secret, "<t>.<raw body>"). Several
 * v1 values are allowed (a secret being rolled); any one matching is enough. The comparison
 * runs over hashes of both sides, so its time says nothing about where they differ; an old
 * timestamp is refused, so a captured delivery cannot be replayed later.
 */
export function verifyWebhookSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: Date,
): void {
  if (header === undefined || header.length > 2048) throw new WebhookRejected('no signature');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && value !== undefined) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookRejected('malformed signature header');
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > webhookToleranceSeconds) {
    throw new WebhookRejected('signature timestamp outside the tolerance');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  const digest = (text: string) => createHash('sha256').update(text.toLowerCase()).digest();
  const wanted = digest(expected);
  // Every candidate is compared, so the time does not say which one matched.
  let matched = false;
  for (const signature of signatures) {
    if (timingSafeEqual(wanted, digest(signature))) matched = true;
  }
  if (!matched) throw new WebhookRejected('signature mismatch');
}
