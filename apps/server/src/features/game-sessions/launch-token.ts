import { createHash, randomBytes } from 'node:crypto';

/**
 * The opaque token a provider gets for a real-money launch: 256 random bits, base64url. It
 * is not the player's access token and says nothing about the player by itself; only our
 * database (by its hash) knows whom and what it is for.
 */
export function newLaunchToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLaunchToken(token) };
}

/** SHA-256 without a key is enough: the token is random, so its hash cannot be reversed. */
export function hashLaunchToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
