import { randomBytes, randomInt } from 'node:crypto';

/** An unguessable identifier, used for sessions, tickets and transaction ids. */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

/** A positive 63-bit-safe decimal number as a string, for protocols whose round id is a long. */
export function randomLongString(): string {
  // Two draws give 15 digits; a leading non-zero digit keeps the length fixed.
  return `${randomInt(1, 10)}${String(randomInt(0, 1e7)).padStart(7, '0')}${String(randomInt(0, 1e7)).padStart(7, '0')}`;
}
