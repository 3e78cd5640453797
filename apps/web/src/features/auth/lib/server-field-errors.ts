import { ErrorCode, authErrorCodes } from '@casino/contracts';
import { isApiError } from '../../../shared/lib/api-client';
import {
  registrationFields,
  type RegistrationField,
  type ServerFieldError,
} from '../registration-store';

const isRegistrationField = (value: string): value is RegistrationField =>
  (registrationFields as readonly string[]).includes(value);

/**
 * The fields a registration (or verification) error is about, for the Register form: a taken
 * name or e-mail, a too common password, or the server's validation issues (contract keys).
 * Empty when the error concerns no field.
 */
export function registrationFieldErrors(
  error: unknown,
): Partial<Record<RegistrationField, ServerFieldError>> {
  if (!isApiError(error)) return {};
  switch (error.code) {
    case authErrorCodes.USERNAME_BUSY:
      return { username: 'busy' };
    case authErrorCodes.EMAIL_BUSY:
      return { email: 'busy' };
    case authErrorCodes.PASSWORD_TOO_COMMON:
      return { password: 'common' };
    case authErrorCodes.UNDER_AGE:
      return { dateOfBirth: 'underage' };
    case ErrorCode.VALIDATION_FAILED: {
      const errors: Partial<Record<RegistrationField, ServerFieldError>> = {};
      for (const issue of error.fields) {
        const field = issue.path.split('.')[0] ?? '';
        if (isRegistrationField(field)) errors[field] ??= issue.message;
      }
      return errors;
    }
    default:
      return {};
  }
}
