import { createHmac } from 'node:crypto';

/**
 * The webhook signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * keyed by the endpoint's signing secret. The timestamp is inside the signed text, so a
 * receiver that bounds its age also bounds how long a captured delivery can be replayed.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
