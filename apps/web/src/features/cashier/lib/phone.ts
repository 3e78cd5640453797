import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  parseIncompletePhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/min';

/**
 * The phone input's rules (SPEC §4/§5 "Phone input") on libphonenumber-js: international,
 * default country BY; digits are normalised (full-width, Arabic-Indic and extended
 * Arabic-Indic digits become 0–9), a plus is kept only as the first character, extension
 * markers ("ext.", "доб.", "#") are recognised, and the length check says possible, too
 * short, too long or invalid length.
 */

export const defaultPhoneCountry: CountryCode = 'BY';

export type PhoneLength = 'possible' | 'too short' | 'too long' | 'invalid length';

export const phoneCountries: readonly CountryCode[] = getCountries();

/** A country the phone input knows, else the spec's default (BY). */
export function phoneCountryOr(region: string | undefined): CountryCode {
  return region !== undefined && (phoneCountries as readonly string[]).includes(region)
    ? (region as CountryCode)
    : defaultPhoneCountry;
}

export function callingCode(country: CountryCode): string {
  return getCountryCallingCode(country);
}

/** What the player typed, as digits with an optional leading plus ("+375291234567"). */
export function normalizePhone(text: string): string {
  return parseIncompletePhoneNumber(text);
}

/** The typed number shown as the country formats it, and the country it names, if any. */
export function formatPhone(
  digits: string,
  country: CountryCode,
): { text: string; country: CountryCode | undefined } {
  const typer = new AsYouType(country);
  const text = typer.input(digits);
  return { text, country: typer.getCountry() };
}

/** The possible-length check of a number (without its extension). */
export function phoneLength(digits: string, country: CountryCode): PhoneLength {
  switch (validatePhoneNumberLength(digits, country)) {
    case undefined:
      return 'possible';
    case 'TOO_SHORT':
    case 'NOT_A_NUMBER':
      return 'too short';
    case 'TOO_LONG':
      return 'too long';
    case 'INVALID_LENGTH':
    case 'INVALID_COUNTRY':
      return 'invalid length';
  }
}

/** The extension of a number typed with one ("+375 29 123-45-67 ext. 12" → "12"). */
export function phoneExtension(text: string, country: CountryCode): string | undefined {
  return parsePhoneNumberFromString(text, country)?.ext;
}

const digitBlocks = [0xff10, 0x0660, 0x06f0]; // full-width, Arabic-Indic, extended Arabic-Indic

/**
 * The typed text with every digit made plain (0–9) and a plus kept only as the very first
 * character; spaces, dashes, brackets and an extension marker stay as typed.
 */
export function cleanPhoneText(text: string): string {
  let out = '';
  for (const char of text.replace(/\uff0b/g, '+')) {
    const code = char.codePointAt(0) ?? 0;
    const block = digitBlocks.find((start) => code >= start && code <= start + 9);
    if (block !== undefined) out += String(code - block);
    else if (char === '+') out += out.trim() === '' ? '+' : '';
    else out += char;
  }
  return out.trimStart();
}

/** "ext. 12", "x12", "#12", "доб. 12" at the end of a number. */
const extensionPattern = /\s*(?:ext\.?|extension|x|#|доб\.?)\s*(\d{0,7})\s*$/i;

export interface PhoneReading {
  /** The number's digits with an optional leading plus, without the extension. */
  digits: string;
  ext: string | undefined;
  /** The country an international number names, if it names one. */
  country: CountryCode | undefined;
}

/** Reads a typed phone text: its number, its extension, and the country it names. */
export function readPhone(text: string, country: CountryCode): PhoneReading {
  const cleaned = cleanPhoneText(text);
  const match = extensionPattern.exec(cleaned);
  const numberPart = match ? cleaned.slice(0, match.index) : cleaned;
  const digits = normalizePhone(numberPart);
  return {
    digits,
    ext: match?.[1] || undefined,
    country: digits.startsWith('+') ? formatPhone(digits, country).country : undefined,
  };
}

/** A number needs at least 2 digits (SPEC §5). */
export function hasEnoughDigits(digits: string): boolean {
  return digits.replace(/\D/g, '').length >= 2;
}
