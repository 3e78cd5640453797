import { fromDecimalString, MoneyFormatError } from '../../wallet';
import { pragmaticErrors, refusal, type PragmaticAnswer } from './wallet-answers';

/** A call's form parameters, decoded once and never coerced (the hash was computed over them). */
export type PragmaticParams = Readonly<Record<string, string>>;

export type RequiredParams<N extends string> =
  { ok: true; values: Record<N, string> } | { ok: false; answer: PragmaticAnswer };

/**
 * The parameters a method cannot do without, or bad parameters (7) naming those missing or
 * empty. Each method requires what it uses; the protocol's other parameters are optional here
 * (kept in the posting's meta when present): a win must not be refused for a missing
 * timestamp.
 */
export function required<const N extends string>(
  params: PragmaticParams,
  names: readonly N[],
): RequiredParams<N> {
  const absent = names.filter((name) => !params[name]);
  if (absent.length > 0) {
    return {
      ok: false,
      answer: refusal(
        pragmaticErrors.badParameters,
        `Bad parameters: ${absent.join(', ')} required`,
      ),
    };
  }
  return {
    ok: true,
    values: Object.fromEntries(names.map((n) => [n, params[n]])) as Record<N, string>,
  };
}

// Digits, a point and one or two decimals. Pragmatic's own examples print amounts as Java
// doubles ("100.0", "5.6", "100.25"), the studio prints two places ("1.00"): all are exact
// cents. No decimal point, a third decimal, a plus sign, an exponent, spaces or grouping are
// malformed; a minus sign only where the method is signed (adjustment).
const amountPattern = /^\d{1,30}\.\d{1,2}$/;
const signedAmountPattern = /^-?\d{1,30}\.\d{1,2}$/;

/**
 * A Pragmatic amount (a decimal in the currency unit, cents at most) → thousandths, exactly.
 * Throws MoneyFormatError (bad parameters, error 7) for anything malformed or over the
 * ledger's limit; never rounds. `signed`: a leading minus is a debit (adjustment only).
 */
export function pragmaticAmount(
  text: string | undefined,
  options: { signed?: boolean } = {},
): bigint {
  const pattern = options.signed ? signedAmountPattern : amountPattern;
  if (text === undefined || !pattern.test(text)) {
    throw new MoneyFormatError(`Not a Pragmatic amount: "${text ?? ''}"`);
  }
  return fromDecimalString(text, { scale: 2, allowNegative: options.signed === true });
}

/** The optional parameters present, for a posting's audit `meta` (never compared on a repeat). */
export function metaOf(
  params: PragmaticParams,
  names: readonly string[],
): Record<string, string> | undefined {
  const meta: Record<string, string> = {};
  for (const name of names) {
    const value = params[name];
    if (value !== undefined && value !== '') meta[name] = value;
  }
  return Object.keys(meta).length > 0 ? meta : undefined;
}

/** An optional parameter: absent or empty is undefined. */
export const optional = (params: PragmaticParams, name: string): string | undefined =>
  params[name] === '' ? undefined : params[name];
