/**
 * The input masks of SPEC §5, applied to the whole value on every change (typing, pasting,
 * deleting): the field always shows what the mask makes of what is in it.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Longest expiry text: "MM / YY". */
export const expiryMaxLength = 7;
/** Longest card number text: four groups of four digits with three spaces. */
export const cardNumberMaxLength = 19;
export const cvvMaxLength = 3;

/**
 * Expiry "MM / YY": digits only, at most 4; a first digit 2–9 gets a leading 0 ("4" → "04");
 * after a leading 1 a second digit above 2 is fixed to 2 (the month is capped at 12: "13" →
 * "12"); "00" is no month, so the second 0 is dropped; " / " goes in once there are more than
 * two digits, so deleting back over it never gets stuck.
 */
export function maskExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  const first = digits[0];
  if (first !== undefined && first >= '2') digits = `0${digits}`.slice(0, 4);
  const second = digits[1];
  if (digits[0] === '1' && second !== undefined && second > '2') {
    digits = `12${digits.slice(2)}`;
  }
  if (digits[0] === '0' && second === '0') digits = `0${digits.slice(2)}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Card number: digits only, at most 16, shown in groups of four ("4242 4242 4242 4242"). */
export function maskCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** CVV / CVC: digits only, at most 3. */
export function maskCvv(value: string): string {
  return digitsOf(value).slice(0, cvvMaxLength);
}

/**
 * An amount in dollars as it is typed: digits and one decimal point (a comma, as the Russian
 * keyboard types it, counts as the point), at most two decimals.
 */
export function maskAmount(value: string): string {
  const cleaned = value.replace(',', '.').replace(/[^\d.]/g, '');
  const [integer = '', ...rest] = cleaned.split('.');
  if (rest.length === 0) return integer.slice(0, 9);
  return `${integer.slice(0, 9)}.${rest.join('').slice(0, 2)}`;
}

/** The Luhn check every card number passes (ISO/IEC 7812). */
export function passesLuhn(cardNumber: string): boolean {
  const digits = digitsOf(cardNumber);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
