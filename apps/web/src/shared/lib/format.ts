import type { Language } from '@casino/contracts';

/**
 * Display formatting of SPEC §9. Every helper truncates toward zero (a player's money or a
 * counter is never rounded up) and works on decimal strings digit by digit, so an amount such
 * as "1234.50" from the server never passes through a float. Bad input (NaN, Infinity, empty or
 * non-numeric text) gives `invalidValue`, a dash that reads as "no value" in any language.
 */
export const invalidValue = '—';

interface Decimal {
  negative: boolean;
  /** Digits of the integer part, no leading zeros ("0" for zero). */
  integer: bigint;
  /** Digits after the decimal point, as written ("" when none). */
  fraction: string;
}

const decimalPattern = /^([+-])?(\d+)(?:\.(\d+))?$/;

function toDecimalText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent notation: huge values are whole numbers, tiny ones truncate to zero anyway.
  return Math.abs(value) >= 1 ? BigInt(Math.trunc(value)).toString() : '0';
}

function parseDecimal(value: number | string): Decimal | null {
  const text = typeof value === 'number' ? toDecimalText(value) : value.trim();
  if (text === null) return null;
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const [, sign, integer = '0', fraction = ''] = match;
  return { negative: sign === '-', integer: BigInt(integer), fraction };
}

/** Groups an unsigned integer by three digits: 1234567 → "1 234 567". */
function group(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

const compactUnits: Record<Language, { thousand: string; million: string; decimal: string }> = {
  en: { thousand: 'k', million: 'mil', decimal: '.' },
  ru: { thousand: 'к', million: 'м', decimal: ',' },
};

/**
 * Short counters: 999 → "999"; 1 000–9 999 → one truncated decimal ("1.5k"; a ".0" is dropped,
 * so 1 000 → "1k"); 10 000–999 999 → whole thousands ("999k"); from 1 000 000 one truncated
 * decimal with "mil" ("1.5mil"). Russian uses "к" / "м" and a decimal comma ("1,5к").
 * Fractions below 1 000 are truncated ("999.9" → "999"); no space before the suffix.
 */
export function formatCompact(value: number | string, language: Language): string {
  const decimal = parseDecimal(value);
  if (!decimal) return invalidValue;
  const units = compactUnits[language];
  const n = decimal.integer;
  const sign = decimal.negative && n > 0n ? '-' : '';

  const withTenth = (tenths: bigint, suffix: string) => {
    const whole = group((tenths / 10n).toString(), ' ');
    const tenth = tenths % 10n;
    return `${sign}${whole}${tenth > 0n ? `${units.decimal}${tenth}` : ''}${suffix}`;
  };

  if (n < 1_000n) return `${sign}${n}`;
  if (n < 10_000n) return withTenth(n / 100n, units.thousand);
  if (n < 1_000_000n) return `${sign}${n / 1_000n}${units.thousand}`;
  return withTenth(n / 100_000n, units.million);
}

/** Whole numbers grouped by spaces after truncating decimals: 1234567.89 → "1 234 567". */
export function formatFullNumber(value: number | string): string {
  const decimal = parseDecimal(value);
  if (!decimal) return invalidValue;
  const sign = decimal.negative && decimal.integer > 0n ? '-' : '';
  return `${sign}${group(decimal.integer.toString(), ' ')}`;
}

const moneySeparators: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  ru: { group: ' ', decimal: ',' },
};

/**
 * Dollar amounts from a decimal string ("1234.50"), with the "$" prefix and the language's
 * separators: en "$1,234.50", ru "$1 234,50". Always two decimals; further digits are cut,
 * never rounded. Negative amounts read "-$12.30".
 */
export function formatMoney(amount: string, language: Language): string {
  if (typeof amount !== 'string') return invalidValue;
  const decimal = parseDecimal(amount);
  if (!decimal) return invalidValue;
  const separators = moneySeparators[language];
  const cents = decimal.fraction.padEnd(2, '0').slice(0, 2);
  const isZero = decimal.integer === 0n && /^0*$/.test(cents);
  const sign = decimal.negative && !isZero ? '-' : '';
  const integer = group(decimal.integer.toString(), separators.group);
  return `${sign}$${integer}${separators.decimal}${cents}`;
}

const monthNames: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  // The genitive short forms Russian uses after a day number ("17 сент. 2023").
  ru: [
    'янв.',
    'февр.',
    'мар.',
    'апр.',
    'мая',
    'июн.',
    'июл.',
    'авг.',
    'сент.',
    'окт.',
    'нояб.',
    'дек.',
  ],
};

const dateOnlyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date (a bare "YYYY-MM-DD" as a local calendar day), or null when it is not one. */
export function toCalendarDate(value: string | number | Date): Date | null {
  if (typeof value === 'string') {
    // A bare date is a calendar day, not UTC midnight: parse it as local so no zone shifts it.
    const match = dateOnlyPattern.exec(value.trim());
    if (match) {
      const [, year, month, day] = match.map(Number) as [number, number, number, number];
      const date = new Date(year, month - 1, day);
      return date.getMonth() === month - 1 ? date : null;
    }
    if (value.trim() === '') return null;
  }
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Short dates in the reader's local calendar: en "Sep 17, 2023", ru "17 сент. 2023". */
export function formatDate(value: string | number | Date, language: Language): string {
  const date = toCalendarDate(value);
  if (!date) return invalidValue;
  const month = monthNames[language][date.getMonth()] ?? '';
  const day = date.getDate();
  const year = date.getFullYear();
  switch (language) {
    case 'en':
      return `${month} ${day}, ${year}`;
    case 'ru':
      return `${day} ${month} ${year}`;
  }
}
