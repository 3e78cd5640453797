import { describe, expect, it } from 'vitest';
import { MoneyFormatError, formatMoney, parseMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.001'],
    [10n, '0.01'],
    [999n, '0.999'],
    [1000n, '1.00'],
    [1500n, '1.50'],
    [1230n, '1.23'],
    [1234n, '1.234'],
    [-50n, '-0.05'],
    [-1234n, '-1.234'],
    [123456789012345678901234567890n, '123456789012345678901234567.89'],
    // Past Number.MAX_SAFE_INTEGER, where a float would already be wrong.
    [9007199254740993n, '9007199254740.993'],
  ])('%s thousandths → "%s"', (units, text) => {
    expect(formatMoney(units)).toBe(text);
  });

  it('reads the database int8 text', () => {
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('250000')).toBe('250.00');
    expect(formatMoney('-7')).toBe('-0.007');
    expect(() => formatMoney('1.5')).toThrow(MoneyFormatError);
    expect(() => formatMoney('')).toThrow(MoneyFormatError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['0', 0n],
    ['0.00', 0n],
    ['-0.00', 0n],
    ['12', 12000n],
    ['12.3', 12300n],
    ['12.34', 12340n],
    ['12.345', 12345n],
    ['0.1', 100n],
    ['-0.005', -5n],
    ['9007199254740.993', 9007199254740993n],
  ])('"%s" → %s', (text, units) => {
    expect(parseMoney(text)).toBe(units);
  });

  it.each(['', '.5', '1.', '1.2345', '1e3', ' 1', '1,5', '+1', '--1', 'NaN', '0x10'])(
    'refuses "%s"',
    (text) => {
      expect(() => parseMoney(text)).toThrow(MoneyFormatError);
    },
  );

  it('round-trips every formatted amount', () => {
    for (const units of [0n, 5n, 10n, 105n, 1000n, 123456n, -999n]) {
      expect(parseMoney(formatMoney(units))).toBe(units);
    }
  });
});
