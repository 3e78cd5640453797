import type { Language } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatFullNumber, formatMoney, invalidValue } from './format';

// The money rows are all strings, as the API sends amounts; String() only satisfies the table's type.
const formats = {
  compact: formatCompact,
  money: (value: number | string, language: Language) => formatMoney(String(value), language),
};

/** What a compact amount and an amount of money show, by the rule each group of rows is about. */
const shown: [keyof typeof formats, number | string, Language, string][] = [
  // Keeps numbers below 1 000 whole, truncating any fraction.
  ['compact', 0, 'en', '0'],
  ['compact', 7, 'en', '7'],
  ['compact', 999, 'en', '999'],
  ['compact', 999.99, 'en', '999'],
  ['compact', '999.9', 'ru', '999'],
  // Shows one truncated decimal from 1 000 to 9 999 and drops ".0".
  ['compact', 1_000, 'en', '1k'],
  ['compact', 1_099, 'en', '1k'],
  ['compact', 1_100, 'en', '1.1k'],
  ['compact', 1_550, 'en', '1.5k'],
  ['compact', 1_999, 'en', '1.9k'],
  ['compact', 9_999, 'en', '9.9k'],
  // Shows whole thousands from 10 000 to 999 999.
  ['compact', 10_000, 'en', '10k'],
  ['compact', 10_999, 'en', '10k'],
  ['compact', 250_500, 'en', '250k'],
  ['compact', 999_999, 'en', '999k'],
  // Shows millions with one truncated decimal and "mil".
  ['compact', 1_000_000, 'en', '1mil'],
  ['compact', 1_550_000, 'en', '1.5mil'],
  ['compact', 12_345_678, 'en', '12.3mil'],
  ['compact', 999_999_999, 'en', '999.9mil'],
  ['compact', 2_500_000_000, 'en', '2 500mil'],
  // Uses Cyrillic suffixes and a decimal comma in Russian.
  ['compact', 999, 'ru', '999'],
  ['compact', 1_000, 'ru', '1к'],
  ['compact', 1_550, 'ru', '1,5к'],
  ['compact', 9_999, 'ru', '9,9к'],
  ['compact', 10_000, 'ru', '10к'],
  ['compact', 999_999, 'ru', '999к'],
  ['compact', 1_000_000, 'ru', '1м'],
  ['compact', 1_550_000, 'ru', '1,5м'],
  // Keeps the sign of negative numbers and applies the same rules to the magnitude.
  ['compact', -999, 'en', '-999'],
  ['compact', -1_000, 'en', '-1k'],
  ['compact', -1_550, 'en', '-1.5k'],
  ['compact', -10_000, 'ru', '-10к'],
  ['compact', -1_550_000, 'en', '-1.5mil'],
  ['compact', -0.5, 'en', '0'],
  ['compact', -0, 'en', '0'],
  // Accepts numeric strings, including values beyond the float range.
  ['compact', '1550', 'en', '1.5k'],
  ['compact', ' 1000 ', 'en', '1k'],
  ['compact', '12345678901234567890', 'en', '12 345 678 901 234.5mil'],
  // Prefixes dollars and uses English separators.
  ['money', '0', 'en', '$0.00'],
  ['money', '999', 'en', '$999.00'],
  ['money', '1000', 'en', '$1,000.00'],
  ['money', '1234.50', 'en', '$1,234.50'],
  ['money', '1000000.5', 'en', '$1,000,000.50'],
  // Uses Russian separators.
  ['money', '1234.50', 'ru', '$1 234,50'],
  ['money', '999999.99', 'ru', '$999 999,99'],
  ['money', '1000000', 'ru', '$1 000 000,00'],
  // Cuts extra decimals instead of rounding them up.
  ['money', '10.999', 'en', '$10.99'],
  ['money', '0.005', 'en', '$0.00'],
  // Handles negatives and negative zero.
  ['money', '-12.3', 'en', '-$12.30'],
  ['money', '-1234.5', 'ru', '-$1 234,50'],
  ['money', '-0.00', 'en', '$0.00'],
];

describe('formatCompact and formatMoney', () => {
  it.each(shown)('%s: %s in %s shows as "%s"', (format, value, language, expected) => {
    expect(formats[format](value, language)).toBe(expected);
  });
});

describe('formatCompact', () => {
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
