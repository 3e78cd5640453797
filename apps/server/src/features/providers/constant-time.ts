import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a signature we computed with one we received, in time that does not depend on
 * where they differ. Both are hashed first so the comparison always runs over 32 bytes,
 * whatever length the sender chose. Hex digests compare case-insensitively.
 */
export function signaturesEqual(expected: string, received: string): boolean {
  const a = createHash('sha256').update(expected.toLowerCase(), 'utf8').digest();
  const b = createHash('sha256').update(received.toLowerCase(), 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * Whether a received signature is the one `expected` computes. False without a secret or
 * without a signature: a provider with no secret configured is refused (fail closed).
 */
export function signatureValid(received: unknown, secret: string, expected: () => string): boolean {
  if (typeof received !== 'string' || !received || !secret) return false;
  return signaturesEqual(expected(), received);
}
