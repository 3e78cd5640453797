import { createHmac } from 'node:crypto';
import { signaturesEqual } from '../shared/constant-time';

/** The header that carries the signature, both directions. */
export const SIGNATURE_HEADER = 'x-gb-signature';

/** How far a request's timestamp may be from the receiver's clock. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** hex(HMAC-SHA256(secret, exact bytes)): the raw JSON body, or the raw query string of a GET. */
export function gbSignature(raw: string, secret: string): string {
  return createHmac('sha256', secret).update(raw, 'utf8').digest('hex');
}

export function gbSignatureValid(
  raw: string,
  received: string | undefined,
  secret: string,
): boolean {
  if (!received || !secret) return false;
  return signaturesEqual(gbSignature(raw, secret), received);
}

/** ISO 8601 timestamps within the allowed skew; anything else is refused like a bad signature. */
export function timestampFresh(value: unknown, now = Date.now()): boolean {
  if (typeof value !== 'string') return false;
  const at = Date.parse(value);
  return Number.isFinite(at) && Math.abs(now - at) <= MAX_CLOCK_SKEW_MS;
}
