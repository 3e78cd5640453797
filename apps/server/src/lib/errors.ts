import type {
  AuthErrorCode,
  BannerErrorCode,
  BonusErrorCode,
  ErrorCode,
  FieldIssue,
  GamesErrorCode,
  PaymentsErrorCode,
  IdentityErrorCode,
  AccountErrorCode,
  RgErrorCode,
} from '@casino/contracts';
import type { StaffErrorCode } from '@casino/contracts/operator';

/** Every code the API may answer with: the general ones and each feature's own. */
export type AppErrorCode =
  | ErrorCode
  | AuthErrorCode
  | BannerErrorCode
  | GamesErrorCode
  | PaymentsErrorCode
  | BonusErrorCode
  | IdentityErrorCode
  | AccountErrorCode
  | StaffErrorCode
  | RgErrorCode;

/**
 * An expected failure with a stable code, thrown by services and routes. The error handler
 * sends its status, code, message and fields to the client as they are, so the message
 * must be written for the client (the web app shows translated text by code anyway).
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: FieldIssue[],
    /** Seconds, sent as Retry-After (429 and 503 answers). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A reason the server cannot start (bad configuration, missing web build). The entry point
 * prints only the message, without a stack trace, and exits with code 1.
 */
export class StartupError extends Error {
  override readonly name: string = 'StartupError';
}
