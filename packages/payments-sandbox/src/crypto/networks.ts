import { randomBytes, randomInt } from 'node:crypto';

/**
 * The networks the sandbox takes coins on, by the gateway's `pay_currency` code. Rates are
 * fixed (a sandbox has no market): how many US cents one whole coin is worth.
 */
export const cryptoNetworks = {
  eth: { network: 'eth', label: 'ETH', centsPerCoin: 250_000n },
  bnbbsc: { network: 'bsc', label: 'BNC', centsPerCoin: 60_000n },
  usdttrc20: { network: 'trx', label: 'TRC', centsPerCoin: 100n },
} as const;
export type PayCurrency = keyof typeof cryptoNetworks;

/** Coin amounts travel as decimal strings with 8 places; inside they are integers of 1e-8. */
export const coinScale = 100_000_000n;

export function formatCoins(units: bigint): string {
  const whole = units / coinScale;
  const frac = (units % coinScale).toString().padStart(8, '0');
  return `${whole}.${frac}`;
}

/** "0.04" → 4000000n; undefined for anything but a non-negative decimal of at most 8 places. */
export function parseCoins(text: unknown): bigint | undefined {
  if (typeof text !== 'string' && typeof text !== 'number') return undefined;
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(String(text));
  if (!match) return undefined;
  return BigInt(match[1] ?? '0') * coinScale + BigInt((match[2] ?? '').padEnd(8, '0'));
}

/** The coins that pay `cents`, rounded up to the last unit (the payer never pays short). */
export function coinsFor(cents: bigint, currency: PayCurrency): bigint {
  const rate = cryptoNetworks[currency].centsPerCoin;
  return (cents * coinScale + rate - 1n) / rate;
}

const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A fresh deposit address in the network's own shape. */
export function depositAddress(currency: PayCurrency): string {
  if (currency === 'usdttrc20') {
    let address = 'T';
    for (let i = 0; i < 33; i++) address += base58[randomInt(base58.length)];
    return address;
  }
  return `0x${randomBytes(20).toString('hex')}`;
}
