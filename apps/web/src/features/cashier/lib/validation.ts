import type { CryptoNetwork } from '@casino/contracts';
import { expiryMaxLength, cardNumberMaxLength, cvvMaxLength, passesLuhn } from './masks';

/**
 * The cashier forms' rules (SPEC §5 "Card form", "Crypto form") plus what moving real money
 * adds: the amount's format and limits, an expiry in the future, a Luhn-valid number and an
 * address of the chosen network. Each rule gives a message key of `cashier.errors`, whose
 * English texts are the spec's own ("Sum is reqired" is spelled so for the card form).
 */

export type CashierErrorKey =
  | 'sumReqired'
  | 'sumRequired'
  | 'sumFormat'
  | 'sumRange'
  | 'nameRequired'
  | 'expiryRequired'
  | 'expiryPast'
  | 'cardRequired'
  | 'cardInvalid'
  | 'cvvRequired'
  | 'transferAdressRequired'
  | 'addressInvalid';

export interface AmountLimits {
  min: string;
  max: string;
}

export interface CardFormValues {
  sum: string;
  name: string;
  expiry: string;
  card: string;
  cvv: string;
}

export interface CryptoFormValues {
  sum: string;
  net: CryptoNetwork;
  transferAdress: string;
}

export type FormErrors<K extends string> = Partial<Record<K, CashierErrorKey>>;

/** "12.5" → 1250n cents; null when it is not an amount of at most two decimals. */
export function toCents(amount: string): bigint | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** The amount as the API takes it: "12.5" → "12.50". */
export function toAmount(amount: string): string {
  const cents = toCents(amount) ?? 0n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function sumError(
  sum: string,
  limits: AmountLimits | undefined,
  required: 'sumReqired' | 'sumRequired',
): CashierErrorKey | undefined {
  if (sum.trim() === '') return required;
  const cents = toCents(sum);
  if (cents === null) return 'sumFormat';
  if (cents === 0n) return 'sumFormat';
  if (limits) {
    const min = toCents(limits.min);
    const max = toCents(limits.max);
    if ((min !== null && cents < min) || (max !== null && cents > max)) return 'sumRange';
  }
  return undefined;
}

/** "MM / YY" → month and four-digit year, or null when it is not complete. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good until the end of its expiry month. */
function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const current = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) < current;
}

export function validateCardForm(
  values: CardFormValues,
  limits: AmountLimits | undefined,
  now: Date = new Date(),
): FormErrors<keyof CardFormValues> {
  const errors: FormErrors<keyof CardFormValues> = {};
  const sum = sumError(values.sum, limits, 'sumReqired');
  if (sum) errors.sum = sum;
  if (values.name.trim() === '') errors.name = 'nameRequired';
  const expiry = parseExpiry(values.expiry);
  if (values.expiry.length < expiryMaxLength || !expiry) errors.expiry = 'expiryRequired';
  else if (isExpired(expiry, now)) errors.expiry = 'expiryPast';
  if (values.card.length < cardNumberMaxLength) errors.card = 'cardRequired';
  else if (!passesLuhn(values.card)) errors.card = 'cardInvalid';
  if (values.cvv.length !== cvvMaxLength) errors.cvv = 'cvvRequired';
  return errors;
}

const addressPatterns: Record<CryptoNetwork, RegExp> = {
  ETH: /^0x[0-9a-fA-F]{40}$/,
  BNC: /^0x[0-9a-fA-F]{40}$/,
  TRC: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

/** Deposit: the sum and the network; withdrawal (`withAddress`): the address too. */
export function validateCryptoForm(
  values: CryptoFormValues,
  limits: AmountLimits | undefined,
  { withAddress }: { withAddress: boolean },
): FormErrors<keyof CryptoFormValues> {
  const errors: FormErrors<keyof CryptoFormValues> = {};
  const sum = sumError(values.sum, limits, 'sumRequired');
  if (sum) errors.sum = sum;
  if (withAddress) {
    const address = values.transferAdress.trim();
    if (address === '') errors.transferAdress = 'transferAdressRequired';
    else if (!addressPatterns[values.net].test(address)) errors.transferAdress = 'addressInvalid';
  }
  return errors;
}
