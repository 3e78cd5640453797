import { createHash } from 'node:crypto';
import { signatureValid } from '../constant-time';

/**
 * EndoAPI `sign`: every parameter but `sign`, sorted by parameter NAME (code-unit order), the
 * VALUES concatenated with no separator, the salt appended, SHA-1, lowercase hex. Sorting by
 * value instead (as one public integration does) signs a different string.
 */
export function endorphinaSign(params: Readonly<Record<string, string>>, salt: string): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign')
    .sort();
  const text = names.map((name) => params[name]).join('') + salt;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** False without a salt: a provider with no secret configured is refused (fail closed). */
export const endorphinaSignValid = (params: Readonly<Record<string, string>>, salt: string) =>
  signatureValid(params['sign'], salt, () => endorphinaSign(params, salt));
