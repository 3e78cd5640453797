import { createHash } from 'node:crypto';
import { signaturesEqual } from '../shared/constant-time';

/**
 * Pragmatic's `hash`: every parameter but `hash` and those whose value is empty, sorted by key,
 * joined as k1=v1&k2=v2 (raw values, not URL-encoded), the secret key appended with no
 * separator, MD5, hex. The same rule signs the operator's Integration API calls and the
 * studio's wallet calls (which send `bonusCode=` empty on a result outside a bonus).
 */
export function pragmaticHash(params: Record<string, string>, secretKey: string): string {
  const text = Object.keys(params)
    .filter((key) => key !== 'hash' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHash('md5')
    .update(text + secretKey, 'utf8')
    .digest('hex');
}

export function pragmaticHashValid(params: Record<string, string>, secretKey: string): boolean {
  const received = params['hash'];
  if (!received || !secretKey) return false;
  return signaturesEqual(pragmaticHash(params, secretKey), received);
}
