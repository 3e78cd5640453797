import type { ErrorCode, ErrorResponse, FieldIssue } from '@casino/contracts';

/** Builds the one error shape of the API (contracts/errors.ts). */
export function errorBody(
  code: ErrorCode,
  message: string,
  requestId: string,
  fields?: FieldIssue[],
): ErrorResponse {
  return {
    error: { code, message, ...(fields && fields.length > 0 ? { fields } : {}), requestId },
  };
}
