import { authErrorCodes, authFieldMessages } from '@casino/contracts';
import { AppError } from '../../lib/errors';
import { isCommonPassword } from './password';

/** Shared by registration, verification and the settings: one wording for each refusal. */
export function usernameBusy(): AppError {
  return new AppError(409, authErrorCodes.USERNAME_BUSY, 'This username is already taken.', [
    { path: 'username', message: authFieldMessages.usernameBusy },
  ]);
}

export function emailBusy(): AppError {
  return new AppError(409, authErrorCodes.EMAIL_BUSY, 'This e-mail is already in use.', [
    { path: 'email', message: authFieldMessages.emailBusy },
  ]);
}

/** 400 PASSWORD_TOO_COMMON on `field` when the password is on the common-passwords list. */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  throw new AppError(
    400,
    authErrorCodes.PASSWORD_TOO_COMMON,
    'This password is too common; choose another one.',
    [{ path: field, message: authFieldMessages.passwordTooCommon }],
  );
}

/** The answer to a wrong, unknown or dead one-time code; `field` holds the code. */
export function codeRefused(
  check: 'invalid' | 'expired' | 'attempts_exceeded',
  field = 'otp',
): AppError {
  switch (check) {
    case 'invalid':
      return new AppError(400, authErrorCodes.OTP_INVALID, 'The code is not right.', [
        { path: field, message: authFieldMessages.otpInvalid },
      ]);
    case 'expired':
      return new AppError(
        400,
        authErrorCodes.OTP_EXPIRED,
        'The code has expired; ask for a new one.',
        [{ path: field, message: authFieldMessages.otpExpired }],
      );
    case 'attempts_exceeded':
      return new AppError(
        400,
        authErrorCodes.OTP_ATTEMPTS_EXCEEDED,
        'Too many wrong codes; ask for a new one.',
        [{ path: field, message: authFieldMessages.otpAttemptsExceeded }],
      );
  }
}
