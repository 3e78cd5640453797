import { passwordLimits, usernameLimits } from '@casino/contracts';
import { i18n } from '../i18n/i18n';
import { accountsEn, type AccountMessages } from '../i18n/accounts/en';

type ValidationKey = keyof AccountMessages['validation'];

/** Anything with zod's safeParse: the contract schemas. */
interface Validating {
  safeParse(data: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
      };
}

/** Field name → message key of its first problem; empty when the values are valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function fieldErrors<K extends string>(schema: Validating, values: unknown): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

const limitValues = {
  usernameMin: usernameLimits.min,
  usernameMax: usernameLimits.max,
  passwordMin: passwordLimits.min,
  passwordMax: passwordLimits.max,
};

function isValidationKey(key: string): key is ValidationKey {
  return Object.prototype.hasOwnProperty.call(accountsEn.validation, key);
}

/**
 * The translated text of a validation message key from the contracts (or from the server's
 * `fields[].message`, which uses the same keys). An unknown key gets a generic text.
 */
export function validationText(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  const known: ValidationKey = isValidationKey(key) ? key : 'invalid';
  return i18n.t(`validation.${known}`, limitValues);
}
