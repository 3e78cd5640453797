import { describe, expect, it } from 'vitest';
import { coinsFor, depositAddress, formatCoins, parseCoins } from './networks';

describe('coin amounts', () => {
  it('converts dollars at the fixed rates, rounding up to the last of 8 places', () => {
    expect(formatCoins(coinsFor(10_000n, 'eth'))).toBe('0.04000000');
    expect(formatCoins(coinsFor(6_000n, 'bnbbsc'))).toBe('0.10000000');
    expect(formatCoins(coinsFor(2_550n, 'usdttrc20'))).toBe('25.50000000');
    // 0.01 USD of ETH is 0.000004: exact; 0.01 USD of BNB is 0.0000166…: rounded up.
    expect(formatCoins(coinsFor(1n, 'eth'))).toBe('0.00000400');
    expect(formatCoins(coinsFor(1n, 'bnbbsc'))).toBe('0.00001667');
  });

  it('reads decimal strings of at most 8 places, nothing else', () => {
    expect(parseCoins('0.04')).toBe(4_000_000n);
    expect(parseCoins('12')).toBe(1_200_000_000n);
    expect(parseCoins('0.000000001')).toBeUndefined();
    expect(parseCoins('-1')).toBeUndefined();
    expect(parseCoins('1e-8')).toBeUndefined();
  });

  it('makes addresses in each network’s shape', () => {
    expect(depositAddress('eth')).toMatch(/^0x[0-9a-f]{40}$/);
    expect(depositAddress('usdttrc20')).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });
});
