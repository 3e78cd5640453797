/**
 * Money as integers of THOUSANDTHS of the currency unit (the `wallets.balance` unit), moved
 * in and out of decimal strings with BigInt and string arithmetic only: a JavaScript float
 * cannot hold 0.1, so it never touches an amount.
 */

/** Digits after the decimal point that the stored unit can hold. */
export const moneyScale = 3;
/** Thousandths in one unit (1 USD = 1000 thousandths). */
export const unitsPerWhole = 1000n;

const decimal = /^(-)?(\d+)(?:\.(\d{1,3}))?$/;

export class MoneyFormatError extends Error {
  override readonly name: string = 'MoneyFormatError';
}

/**
 * "12.34" → 12340n. Accepts up to three decimals (more would lose precision, so it throws)
 * and an optional minus sign; no exponent, no grouping, no whitespace.
 */
export function parseMoney(text: string): bigint {
  const match = decimal.exec(text);
  if (!match) throw new MoneyFormatError(`Not a decimal amount: "${text}"`);
  const [, minus, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * unitsPerWhole + BigInt(fraction.padEnd(moneyScale, '0'));
  return minus && units !== 0n ? -units : units;
}

/**
 * 12340n → "12.34"; 12345n → "12.345": two decimals, three when the thousandths digit is
 * not zero. Accepts the database's int8 text ("12340") as well as a bigint.
 */
export function formatMoney(thousandths: bigint | string): string {
  const value = typeof thousandths === 'string' ? toBigInt(thousandths) : thousandths;
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / unitsPerWhole;
  let fraction = (magnitude % unitsPerWhole).toString().padStart(moneyScale, '0');
  if (fraction.endsWith('0')) fraction = fraction.slice(0, 2);
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

function toBigInt(text: string): bigint {
  if (!/^-?\d+$/.test(text)) throw new MoneyFormatError(`Not an integer amount: "${text}"`);
  return BigInt(text);
}

/**
 * The largest amount one posting may move, in thousandths: one billion units. Anything
 * bigger is a unit mix-up or an attack, never a real bet; it also keeps every amount inside
 * Number.MAX_SAFE_INTEGER for protocols that send integers as JSON numbers.
 */
export const maxAmount = 1_000_000_000n * unitsPerWhole;

/** Decimals a protocol's unit has: 2 for cents (Pragmatic, GB Games), 3 for thousandths. */
export type MoneyScale = 0 | 1 | 2 | 3;

export interface ParseOptions {
  /** Decimals the unit allows; a value with more is refused, never rounded. */
  scale: MoneyScale;
  /** Refused unless set (amounts from providers are magnitudes). */
  allowNegative?: boolean;
  /** Largest magnitude accepted, in thousandths; default maxAmount. */
  max?: bigint;
}

/** An amount out of range (negative where refused, or over the maximum). */
export class MoneyRangeError extends MoneyFormatError {
  override readonly name: string = 'MoneyRangeError';
}

// Digits only: no exponent, sign "+", grouping, whitespace, "NaN" or "Infinity". The length
// bound stops a megabyte of digits from reaching BigInt before the range check.
const strictDecimal = /^(-)?(\d{1,30})(?:\.(\d{1,30}))?$/;

/**
 * A provider's decimal string in its own unit → thousandths, exactly:
 * `fromDecimalString('1.26', { scale: 2 })` is 1260n. Refuses more decimals than `scale`
 * (even trailing zeros: the protocol said how many it sends), negatives unless allowed,
 * and anything over `max`.
 */
export function fromDecimalString(text: string, options: ParseOptions): bigint {
  const match = strictDecimal.exec(text);
  if (!match) throw new MoneyFormatError(`Not a decimal amount: "${text}"`);
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.length > options.scale) {
    throw new MoneyFormatError(`"${text}" has more than ${options.scale} decimals`);
  }
  const magnitude = BigInt(whole) * unitsPerWhole + BigInt(fraction.padEnd(moneyScale, '0'));
  return checkRange(minus && magnitude !== 0n ? -magnitude : magnitude, text, options);
}

/**
 * An integer count of thousandths (Endorphina's unit: 1.26 USD is 1260) → bigint. Accepts a
 * bigint, a safe-integer number or a string of digits; never a fraction.
 */
export function fromThousandths(
  value: bigint | number | string,
  options: Omit<ParseOptions, 'scale'> = {},
): bigint {
  let units: bigint;
  if (typeof value === 'bigint') units = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new MoneyFormatError(`Not a whole amount: ${value}`);
    units = BigInt(value);
  } else {
    if (!/^-?\d{1,30}$/.test(value)) throw new MoneyFormatError(`Not a whole amount: "${value}"`);
    units = BigInt(value);
  }
  return checkRange(units, String(value), options);
}

function checkRange(units: bigint, shown: string, options: Omit<ParseOptions, 'scale'>): bigint {
  if (units < 0n && !options.allowNegative) {
    throw new MoneyRangeError(`Negative amount refused: "${shown}"`);
  }
  const max = options.max ?? maxAmount;
  if (units > max || units < -max) throw new MoneyRangeError(`Amount over the maximum: "${shown}"`);
  return units;
}

export interface FormatOptions {
  scale: MoneyScale;
  /**
   * `exact` throws when the amount does not fit the scale (an amount we owe must not be
   * cut); `floor` rounds toward minus infinity (a balance shown to a provider in cents:
   * it must never believe the player has more than they do).
   */
  rounding: 'exact' | 'floor';
}

/**
 * Thousandths → a decimal string with exactly `scale` decimals, for a provider's unit:
 * `toDecimalString(1260n, { scale: 2, rounding: 'exact' })` is "1.26".
 */
export function toDecimalString(thousandths: bigint, options: FormatOptions): string {
  const step = 10n ** BigInt(moneyScale - options.scale);
  let units = thousandths / step;
  const remainder = thousandths % step;
  if (remainder !== 0n) {
    if (options.rounding === 'exact') {
      throw new MoneyFormatError(`${thousandths} thousandths do not fit ${options.scale} decimals`);
    }
    if (thousandths < 0n) units -= 1n;
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(options.scale + 1, '0');
  const cut = digits.length - options.scale;
  const fraction = options.scale > 0 ? `.${digits.slice(cut)}` : '';
  return `${negative ? '-' : ''}${digits.slice(0, cut)}${fraction}`;
}

/** Thousandths as a JSON number (Endorphina's `balance`), refused beyond the safe range. */
export function toThousandthsNumber(thousandths: bigint): number {
  const n = Number(thousandths);
  if (!Number.isSafeInteger(n))
    throw new MoneyRangeError(`${thousandths} is beyond a safe integer`);
  return n;
}
