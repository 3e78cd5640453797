import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An object id in the protocol's style: a type prefix and 24 random letters and digits (pm_…). */
export function objectId(prefix: string): string {
  let id = '';
  for (let i = 0; i < 24; i++) id += alphabet[randomInt(alphabet.length)];
  return `${prefix}_${id}`;
}
