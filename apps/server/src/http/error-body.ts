import type { ErrorResponse, FieldIssue } from '@casino/contracts';
import type { AppErrorCode } from '../lib/errors';

/** Builds the one error shape of the API (contracts/errors.ts). */
export function errorBody(
  code: AppErrorCode,
  message: string,
  requestId: string,
  fields?: FieldIssue[],
): ErrorResponse {
  return {
    error: { code, message, ...(fields && fields.length > 0 ? { fields } : {}), requestId },
  };
}
