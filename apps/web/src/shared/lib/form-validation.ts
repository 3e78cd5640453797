import { passwordLimits, usernameLimits } from '@casino/contracts';
import { i18n } from '../i18n/i18n';
import { accountsEn, type AccountMessages } from '../i18n/accounts/en';

type ValidationKey = keyof AccountMessages['validation'];

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
