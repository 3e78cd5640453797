/**
 * Money inside the studios is an integer count of thousandths of the currency unit ("milli"),
 * the finest unit any of the three protocols uses (Endorphina's). Conversions to a protocol's
 * own unit happen at its wallet client, exactly, without floating-point arithmetic.
 */

/** "12.34" with `decimals` places; refuses a value the unit cannot hold exactly. */
export function formatMilli(milli: number, decimals: 2 | 3): string {
  if (!Number.isSafeInteger(milli)) throw new RangeError(`not an integer amount: ${milli}`);
  if (decimals === 2 && milli % 10 !== 0)
    throw new RangeError(`${milli} milli has no 2-place form`);
  const negative = milli < 0;
  const abs = Math.abs(milli);
  const units = Math.floor(abs / 1000);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .slice(0, decimals);
  return `${negative ? '-' : ''}${units}.${fraction}`;
}

/**
 * Parses a decimal amount ("12.34", "-0.5", 12.34) into thousandths. A JSON number is read
 * through its shortest round-trip text, which is exactly what the sender wrote for any
 * amount with at most three decimals. Anything else is refused (undefined).
 */
export function parseDecimalToMilli(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  const match = /^(-?)(\d{1,15})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(milli)) return undefined;
  return sign === '-' ? -milli : milli;
}

/** An integer count of thousandths sent as a JSON number or a string (Endorphina's unit). */
export function parseIntegerMilli(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}
