import { randomBytes } from 'node:crypto';

/** An object id in the protocol's style: a type prefix and 24 random characters (pm_…, pi_…). */
export function objectId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').slice(0, 24)}`;
}
