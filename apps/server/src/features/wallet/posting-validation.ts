import { maxAmount } from './money';
import { InvalidPosting, UnknownPlayer } from './wallet-errors';
import { isUuid } from '../../lib/uuid';

/**
 * Checks on a posting's input before it reaches SQL. A failure here is the caller's bug
 * (InvalidPosting), except an id that cannot be a player (UnknownPlayer, as the database
 * would say): the limits keep junk (a megabyte "transaction id") out of unique indexes.
 */

/** The provider column's value for movements the operator makes. */
export const operatorProvider = 'operator';

const slug = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const operationName = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
const currencyCode = /^[A-Z]{3}$/;
/** Pragmatic's references are up to 32 characters; room for every other provider's ids. */
export const maxIdLength = 200;
export const maxReasonLength = 500;
/** Operation names a win may not take: they are the namespaces of bets and refunds. */
const reservedOperations = new Set(['bet', 'refund']);

export function checkUserId(userId: string): string {
  if (typeof userId !== 'string' || !isUuid(userId)) throw new UnknownPlayer(String(userId));
  return userId.toLowerCase();
}

export function checkProvider(provider: string): string {
  if (typeof provider !== 'string' || !slug.test(provider)) {
    throw new InvalidPosting(`Provider must be a lower-case slug, got "${String(provider)}"`);
  }
  if (provider === operatorProvider) {
    throw new InvalidPosting(`"${operatorProvider}" is reserved for operator movements`);
  }
  return provider;
}

export function checkWinOperation(operation: string | undefined): string {
  if (operation === undefined) return 'win';
  if (!operationName.test(operation) || reservedOperations.has(operation)) {
    throw new InvalidPosting(`Operation "${operation}" is not a valid win operation`);
  }
  return operation;
}

export function checkId(name: string, value: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxIdLength) {
    throw new InvalidPosting(`${name} must be 1 to ${maxIdLength} characters`);
  }
  return value;
}

export function checkOptionalId(name: string, value: string | undefined): string | null {
  return value === undefined ? null : checkId(name, value);
}

export function checkCurrency(currency: string): string {
  if (typeof currency !== 'string' || !currencyCode.test(currency)) {
    throw new InvalidPosting(`Currency must be three capital letters, got "${String(currency)}"`);
  }
  return currency;
}

/** A provider's magnitude: 0 to maxAmount (a zero win or free bet is a real movement). */
export function checkMagnitude(amount: bigint): bigint {
  if (typeof amount !== 'bigint') throw new InvalidPosting('Amount must be a bigint (thousandths)');
  if (amount < 0n || amount > maxAmount) {
    throw new InvalidPosting(`Amount must be 0 to ${maxAmount} thousandths, got ${amount}`);
  }
  return amount;
}

/**
 * An adjustment: signed, within ±maxAmount; non-zero unless `allowZero` (a provider's
 * re-settlement of 0 is still a record the provider expects answered).
 */
export function checkSignedAmount(amount: bigint, options: { allowZero?: boolean } = {}): bigint {
  if (typeof amount !== 'bigint') throw new InvalidPosting('Amount must be a bigint (thousandths)');
  if ((amount === 0n && !options.allowZero) || amount > maxAmount || amount < -maxAmount) {
    throw new InvalidPosting(`Amount must be non-zero and within ±${maxAmount}, got ${amount}`);
  }
  return amount;
}

export function checkText(name: string, value: string, max: number): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > max) {
    throw new InvalidPosting(`${name} must be 1 to ${max} characters`);
  }
  return value;
}

/** Meta as JSON text; bigints and cycles are refused rather than silently dropped. */
export function metaJson(meta: Record<string, unknown> | undefined): string | null {
  if (meta === undefined) return null;
  try {
    return JSON.stringify(meta);
  } catch (error) {
    throw new InvalidPosting(`meta is not JSON: ${String(error)}`);
  }
}

/** A ledger entry id (a positive bigint) as text. */
export function checkEntryId(id: string): string {
  if (!/^[1-9]\d{0,18}$/.test(id)) throw new InvalidPosting(`Not an entry id: "${id}"`);
  return id;
}
