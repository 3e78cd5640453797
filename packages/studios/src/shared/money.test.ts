import { describe, expect, it } from 'vitest';
import { formatMilli, parseDecimalToMilli, parseIntegerMilli } from './money';

describe('money in thousandths', () => {
  it('formats exactly, refusing what a 2-place unit cannot hold', () => {
    expect(formatMilli(1_260, 2)).toBe('1.26');
    expect(formatMilli(5, 3)).toBe('0.005');
    expect(formatMilli(-1_500, 2)).toBe('-1.50');
    expect(formatMilli(123_456_789_000, 2)).toBe('123456789.00');
    expect(() => formatMilli(1_265, 2)).toThrow(RangeError);
  });

  it('parses decimals from strings and JSON numbers without float arithmetic', () => {
    expect(parseDecimalToMilli('12.34')).toBe(12_340);
    expect(parseDecimalToMilli(0.3)).toBe(300);
    expect(parseDecimalToMilli(1234.5)).toBe(1_234_500);
    expect(parseDecimalToMilli('-0.5')).toBe(-500);
    expect(parseDecimalToMilli('1.2345')).toBeUndefined();
    expect(parseDecimalToMilli('1e3')).toBeUndefined();
    expect(parseDecimalToMilli(null)).toBeUndefined();
    expect(parseIntegerMilli('1260')).toBe(1_260);
    expect(parseIntegerMilli(1.5)).toBeUndefined();
  });
});
