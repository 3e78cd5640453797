import { createHash } from 'node:crypto';
import { signaturesEqual } from '../shared/constant-time';

/**
 * EndoAPI `sign`: every parameter but `sign`, sorted by parameter NAME, values concatenated
 * with no separator, the salt appended, SHA-1, lowercase hex. (Sorting by value, as one
 * public integration does, is a bug: it signs a different string.)
 */
export function endorphinaSign(params: Record<string, string>, salt: string): string {
  const names = Object.keys(params)
    .filter((name) => name !== 'sign')
    .sort();
  const text = names.map((name) => params[name]).join('') + salt;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

export function endorphinaSignValid(params: Record<string, string>, salt: string): boolean {
  const received = params['sign'];
  if (!received || !salt) return false;
  return signaturesEqual(endorphinaSign(params, salt), received);
}

/**
 * The `check` answer's sign: the operator signs {nodeId, param} by the standard rule, which
 * (names sorted: nodeId < param) is SHA-1 of nodeId + param + salt. The request itself is
 * signed by the standard rule over `param` alone.
 */
export function endorphinaCheckSign(nodeId: string, param: string, salt: string): string {
  return endorphinaSign({ nodeId, param }, salt);
}
