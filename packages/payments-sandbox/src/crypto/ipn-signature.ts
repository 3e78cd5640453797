import { createHmac } from 'node:crypto';

/** Objects with their keys in sorted order, recursively: the text the IPN signature covers. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The gateway's IPN signature (`x-nowpayments-sig` in the modelled API, here
 * `x-sandbox-sig`): hex HMAC-SHA512, keyed by the IPN secret, of the body's JSON with every
 * object's keys sorted.
 */
export function ipnSignature(secret: string, body: unknown): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}
