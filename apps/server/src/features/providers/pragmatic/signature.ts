import { createHash } from 'node:crypto';
import { signatureValid } from '../constant-time';

/**
 * Pragmatic's `hash`: every parameter but `hash` and those whose value is empty, sorted by key,
 * joined as k1=v1&k2=v2 with the raw (decoded) values, the secret key appended with no
 * separator, MD5, lowercase hex. The protocol appends a parameter "only if its value is not
 * empty": a call carrying `bonusCode=` is signed without it. The same rule signs our
 * Integration API calls and the provider's Seamless Wallet calls to us.
 */
export function pragmaticHash(params: Readonly<Record<string, string>>, secretKey: string): string {
  const text = Object.keys(params)
    .filter((key) => key !== 'hash' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHash('md5')
    .update(text + secretKey, 'utf8')
    .digest('hex');
}

/** False without a secret key: a provider with no secret configured is refused (fail closed). */
export const pragmaticHashValid = (params: Readonly<Record<string, string>>, secretKey: string) =>
  signatureValid(params['hash'], secretKey, () => pragmaticHash(params, secretKey));
