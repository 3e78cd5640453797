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
  override readonly name = 'MoneyFormatError';
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
