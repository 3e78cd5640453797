import { timingSafeEqual } from 'node:crypto';

/**
 * Compares a signature we computed with one we received, in time that does not depend on
 * where they differ. Hex digests compare case-insensitively. A received one of another length
 * is refused at once: that tells a sender only that the length is not our digest's, which
 * each protocol makes public (32, 40 or 64 hex digits). They used to be hashed to one length
 * first: two SHA-256 per callback, about 2 % of the server's CPU on the wallet path.
 */
export function signaturesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a received signature is the one `expected` computes. False without a secret or
 * without a signature: a provider with no secret configured is refused (fail closed).
 */
export function signatureValid(received: unknown, secret: string, expected: () => string): boolean {
  if (typeof received !== 'string' || !received || !secret) return false;
  return signaturesEqual(expected(), received);
}
