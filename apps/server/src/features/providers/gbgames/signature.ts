import { createHmac } from 'node:crypto';
import { signatureValid } from '../constant-time';

/** The header that carries the signature, in both directions (docs/protocols/gbgames.md §2). */
export const gbSignatureHeader = 'x-gb-signature';

/** How far a message's timestamp may be from our clock. */
export const gbMaxClockSkewMs = 5 * 60_000;

/** hex(HMAC-SHA256(secret, exact bytes)): a raw JSON body, or the raw query string of a GET. */
export function gbSignature(raw: string, secret: string): string {
  return createHmac('sha256', secret).update(raw, 'utf8').digest('hex');
}

/** False without a secret: a provider with no secret configured is refused (fail closed). */
export const gbSignatureValid = (raw: string, received: unknown, secret: string) =>
  signatureValid(received, secret, () => gbSignature(raw, secret));

/** An ISO 8601 timestamp within the allowed skew of `now`. */
export function gbTimestampFresh(value: unknown, now: Date): boolean {
  if (typeof value !== 'string') return false;
  const at = Date.parse(value);
  return Number.isFinite(at) && Math.abs(now.getTime() - at) <= gbMaxClockSkewMs;
}
