import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatFullNumber, formatMoney, invalidValue } from './format';

describe('formatCompact', () => {
  it('keeps numbers below 1 000 whole, truncating any fraction', () => {
    expect(formatCompact(0, 'en')).toBe('0');
    expect(formatCompact(7, 'en')).toBe('7');
    expect(formatCompact(999, 'en')).toBe('999');
    expect(formatCompact(999.99, 'en')).toBe('999');
    expect(formatCompact('999.9', 'ru')).toBe('999');
  });

  it('shows one truncated decimal from 1 000 to 9 999 and drops ".0"', () => {
    expect(formatCompact(1_000, 'en')).toBe('1k');
    expect(formatCompact(1_099, 'en')).toBe('1k');
    expect(formatCompact(1_100, 'en')).toBe('1.1k');
    expect(formatCompact(1_550, 'en')).toBe('1.5k');
    expect(formatCompact(1_999, 'en')).toBe('1.9k');
    expect(formatCompact(9_999, 'en')).toBe('9.9k');
  });

  it('shows whole thousands from 10 000 to 999 999', () => {
    expect(formatCompact(10_000, 'en')).toBe('10k');
    expect(formatCompact(10_999, 'en')).toBe('10k');
    expect(formatCompact(250_500, 'en')).toBe('250k');
    expect(formatCompact(999_999, 'en')).toBe('999k');
  });

  it('shows millions with one truncated decimal and "mil"', () => {
    expect(formatCompact(1_000_000, 'en')).toBe('1mil');
    expect(formatCompact(1_550_000, 'en')).toBe('1.5mil');
    expect(formatCompact(12_345_678, 'en')).toBe('12.3mil');
    expect(formatCompact(999_999_999, 'en')).toBe('999.9mil');
    expect(formatCompact(2_500_000_000, 'en')).toBe('2 500mil');
  });

  it('uses Cyrillic suffixes and a decimal comma in Russian', () => {
    expect(formatCompact(999, 'ru')).toBe('999');
    expect(formatCompact(1_000, 'ru')).toBe('1к');
    expect(formatCompact(1_550, 'ru')).toBe('1,5к');
    expect(formatCompact(9_999, 'ru')).toBe('9,9к');
    expect(formatCompact(10_000, 'ru')).toBe('10к');
    expect(formatCompact(999_999, 'ru')).toBe('999к');
    expect(formatCompact(1_000_000, 'ru')).toBe('1м');
    expect(formatCompact(1_550_000, 'ru')).toBe('1,5м');
  });

  it('keeps the sign of negative numbers and applies the same rules to the magnitude', () => {
    expect(formatCompact(-999, 'en')).toBe('-999');
    expect(formatCompact(-1_000, 'en')).toBe('-1k');
    expect(formatCompact(-1_550, 'en')).toBe('-1.5k');
    expect(formatCompact(-10_000, 'ru')).toBe('-10к');
    expect(formatCompact(-1_550_000, 'en')).toBe('-1.5mil');
    expect(formatCompact(-0.5, 'en')).toBe('0');
    expect(formatCompact(-0, 'en')).toBe('0');
  });

  it('accepts numeric strings, including values beyond the float range', () => {
    expect(formatCompact('1550', 'en')).toBe('1.5k');
    expect(formatCompact(' 1000 ', 'en')).toBe('1k');
    expect(formatCompact('12345678901234567890', 'en')).toBe('12 345 678 901 234.5mil');
  });

  it('returns a dash for bad input', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, '', ' ', 'abc', '1,5', '1e3', '1.2.3']) {
      expect(formatCompact(bad, 'en')).toBe(invalidValue);
    }
  });
});

describe('formatFullNumber', () => {
  it('groups by three digits with spaces after truncating decimals', () => {
    expect(formatFullNumber(0)).toBe('0');
    expect(formatFullNumber(999)).toBe('999');
    expect(formatFullNumber(1_000)).toBe('1 000');
    expect(formatFullNumber(9_999)).toBe('9 999');
    expect(formatFullNumber(10_000)).toBe('10 000');
    expect(formatFullNumber(999_999)).toBe('999 999');
    expect(formatFullNumber(1_000_000)).toBe('1 000 000');
    expect(formatFullNumber(1_234_567.89)).toBe('1 234 567');
    expect(formatFullNumber('500000.999')).toBe('500 000');
  });

  it('keeps the sign of negatives and never prints "-0"', () => {
    expect(formatFullNumber(-1_234_567.5)).toBe('-1 234 567');
    expect(formatFullNumber(-0.9)).toBe('0');
  });

  it('returns a dash for bad input', () => {
    expect(formatFullNumber(Number.NaN)).toBe(invalidValue);
    expect(formatFullNumber('twelve')).toBe(invalidValue);
    expect(formatFullNumber('')).toBe(invalidValue);
  });
});

describe('formatMoney', () => {
  it('prefixes dollars and uses English separators', () => {
    expect(formatMoney('0', 'en')).toBe('$0.00');
    expect(formatMoney('999', 'en')).toBe('$999.00');
    expect(formatMoney('1000', 'en')).toBe('$1,000.00');
    expect(formatMoney('1234.50', 'en')).toBe('$1,234.50');
    expect(formatMoney('1000000.5', 'en')).toBe('$1,000,000.50');
  });

  it('uses Russian separators', () => {
    expect(formatMoney('1234.50', 'ru')).toBe('$1 234,50');
    expect(formatMoney('999999.99', 'ru')).toBe('$999 999,99');
    expect(formatMoney('1000000', 'ru')).toBe('$1 000 000,00');
  });

  it('cuts extra decimals instead of rounding them up', () => {
    expect(formatMoney('10.999', 'en')).toBe('$10.99');
    expect(formatMoney('0.005', 'en')).toBe('$0.00');
  });

  it('handles negatives and negative zero', () => {
    expect(formatMoney('-12.3', 'en')).toBe('-$12.30');
    expect(formatMoney('-1234.5', 'ru')).toBe('-$1 234,50');
    expect(formatMoney('-0.00', 'en')).toBe('$0.00');
  });

  it('is exact beyond the float range', () => {
    expect(formatMoney('90071992547409931.01', 'en')).toBe('$90,071,992,547,409,931.01');
  });

  it('returns a dash for bad input', () => {
    for (const bad of ['', 'abc', '$12', '1,234.50', '12.', '.5', 'NaN']) {
      expect(formatMoney(bad, 'en')).toBe(invalidValue);
    }
    expect(formatMoney(12 as unknown as string, 'en')).toBe(invalidValue);
  });
});

describe('formatDate', () => {
  it('writes English short dates', () => {
    expect(formatDate('2023-09-17', 'en')).toBe('Sep 17, 2023');
    expect(formatDate(new Date(2024, 0, 1, 12), 'en')).toBe('Jan 1, 2024');
    expect(formatDate(new Date(2023, 11, 31, 23, 59), 'en')).toBe('Dec 31, 2023');
  });

  it('writes Russian short dates', () => {
    expect(formatDate('2023-09-17', 'ru')).toBe('17 сент. 2023');
    expect(formatDate('2024-05-09', 'ru')).toBe('9 мая 2024');
  });

  it('reads timestamps in the local calendar', () => {
    const local = new Date(2023, 8, 17, 11, 21);
    expect(formatDate(local.toISOString(), 'en')).toBe('Sep 17, 2023');
    expect(formatDate(local.getTime(), 'ru')).toBe('17 сент. 2023');
  });

  it('returns a dash for bad input', () => {
    expect(formatDate('', 'en')).toBe(invalidValue);
    expect(formatDate('not a date', 'en')).toBe(invalidValue);
    expect(formatDate('2023-02-30', 'en')).toBe(invalidValue);
    expect(formatDate(Number.NaN, 'ru')).toBe(invalidValue);
    expect(formatDate(new Date('nope'), 'en')).toBe(invalidValue);
  });
});
