import { describe, expect, it } from 'vitest';
import {
  MoneyFormatError,
  MoneyRangeError,
  formatMoney,
  fromDecimalString,
  fromThousandths,
  maxAmount,
  parseMoney,
  toDecimalString,
  toThousandthsNumber,
} from './money';

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

describe('fromDecimalString', () => {
  it.each([
    ['1.26', 2, 1260n],
    ['1.2', 2, 1200n],
    ['0.01', 2, 10n],
    ['0', 2, 0n],
    ['7', 0, 7000n],
    ['0.5', 1, 500n],
    ['1.261', 3, 1261n],
    ['000.10', 2, 100n],
    ['1000000000.00', 2, 1_000_000_000_000n],
  ] as const)('"%s" at scale %s → %s thousandths', (text, scale, units) => {
    expect(fromDecimalString(text, { scale })).toBe(units);
  });

  it('refuses more decimals than the unit allows, trailing zeros included', () => {
    expect(() => fromDecimalString('1.261', { scale: 2 })).toThrow(/more than 2 decimals/);
    expect(() => fromDecimalString('1.260', { scale: 2 })).toThrow(MoneyFormatError);
    expect(() => fromDecimalString('1.0001', { scale: 3 })).toThrow(MoneyFormatError);
    expect(() => fromDecimalString('1.5', { scale: 0 })).toThrow(MoneyFormatError);
  });

  it.each([
    '',
    '-',
    '.5',
    '1.',
    '1e3',
    '1E-2',
    'NaN',
    'Infinity',
    '+1',
    ' 1',
    '1 ',
    '1,00',
    '0x1f',
    '١',
  ])('refuses "%s"', (text) => {
    expect(() => fromDecimalString(text, { scale: 2 })).toThrow(MoneyFormatError);
  });

  it('refuses negatives unless allowed', () => {
    expect(() => fromDecimalString('-1.00', { scale: 2 })).toThrow(MoneyRangeError);
    expect(fromDecimalString('-1.00', { scale: 2, allowNegative: true })).toBe(-1000n);
    // "-0" is zero, not a negative amount.
    expect(fromDecimalString('-0.00', { scale: 2 })).toBe(0n);
  });

  it('refuses amounts over the maximum, and absurdly long digit strings', () => {
    expect(fromDecimalString('1000000000.000', { scale: 3 })).toBe(maxAmount);
    expect(() => fromDecimalString('1000000000.001', { scale: 3 })).toThrow(MoneyRangeError);
    expect(() => fromDecimalString('-1000000000.01', { scale: 2, allowNegative: true })).toThrow(
      MoneyRangeError,
    );
    expect(() => fromDecimalString('5.00', { scale: 2, max: 4000n })).toThrow(MoneyRangeError);
    expect(() => fromDecimalString('9'.repeat(31), { scale: 2 })).toThrow(MoneyFormatError);
  });
});

describe('fromThousandths', () => {
  it('reads bigints, safe integers and digit strings', () => {
    expect(fromThousandths(1260n)).toBe(1260n);
    expect(fromThousandths(1260)).toBe(1260n);
    expect(fromThousandths('1260')).toBe(1260n);
    expect(fromThousandths(0)).toBe(0n);
  });

  it.each([1.5, Number.NaN, Infinity, 2 ** 53, '1.5', '1e3', '', ' 1', '+1'])(
    'refuses %s',
    (value) => {
      expect(() => fromThousandths(value)).toThrow(MoneyFormatError);
    },
  );

  it('applies the sign and range rules', () => {
    expect(() => fromThousandths(-1)).toThrow(MoneyRangeError);
    expect(fromThousandths('-5', { allowNegative: true })).toBe(-5n);
    expect(() => fromThousandths(maxAmount + 1n)).toThrow(MoneyRangeError);
  });
});

describe('toDecimalString', () => {
  it.each([
    [1260n, 2, '1.26'],
    [0n, 2, '0.00'],
    [5n * 10n, 2, '0.05'],
    [1_000_000_000_000n, 2, '1000000000.00'],
    [1261n, 3, '1.261'],
    [7000n, 0, '7'],
    [-1260n, 2, '-1.26'],
  ] as const)('%s thousandths at scale %s → "%s"', (units, scale, text) => {
    expect(toDecimalString(units, { scale, rounding: 'exact' })).toBe(text);
  });

  it('refuses to cut an exact amount, and floors a balance', () => {
    expect(() => toDecimalString(1261n, { scale: 2, rounding: 'exact' })).toThrow(MoneyFormatError);
    expect(toDecimalString(1269n, { scale: 2, rounding: 'floor' })).toBe('1.26');
    expect(toDecimalString(9n, { scale: 2, rounding: 'floor' })).toBe('0.00');
    // Toward minus infinity: never more than the truth.
    expect(toDecimalString(-1261n, { scale: 2, rounding: 'floor' })).toBe('-1.27');
    expect(toDecimalString(-1n, { scale: 2, rounding: 'floor' })).toBe('-0.01');
  });

  it('round-trips with fromDecimalString at every scale', () => {
    for (const scale of [0, 1, 2, 3] as const) {
      for (const units of [0n, 1000n, 120000n, 999_000n, maxAmount]) {
        const text = toDecimalString(units, { scale, rounding: 'exact' });
        expect(fromDecimalString(text, { scale })).toBe(units);
      }
    }
  });
});

describe('toThousandthsNumber', () => {
  it('gives a JSON-safe integer or refuses', () => {
    expect(toThousandthsNumber(1260n)).toBe(1260);
    expect(toThousandthsNumber(maxAmount)).toBe(1e12);
    expect(() => toThousandthsNumber(2n ** 53n)).toThrow(MoneyRangeError);
  });
});
