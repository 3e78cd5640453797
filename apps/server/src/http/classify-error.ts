import { ErrorCode, type FieldIssue } from '@casino/contracts';
import type { FastifySchemaValidationError } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isAppError, type AppErrorCode } from '../lib/errors';

/** What the client is told about a failure. */
export interface ClientError {
  statusCode: number;
  code: AppErrorCode;
  message: string;
  fields?: FieldIssue[];
  /** Seconds, for a Retry-After header. */
  retryAfterSeconds?: number;
  /**
   * True for failures nobody planned (a bug, a lost connection): logged with the stack,
   * told to the client in generic words. AppErrors are planned, whatever their status.
   */
  unexpected: boolean;
  /**
   * What the log says instead of the error's own message, where that message may hold
   * values of the request (Drizzle's repeats the statement and its bound parameters).
   */
  logText?: string;
}

// Fixed texts: a library's own message may describe internals, so none is passed on.
const frameworkErrors: Record<string, Omit<ClientError, 'unexpected'>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    code: ErrorCode.BAD_JSON,
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    code: ErrorCode.BAD_JSON,
    message: 'The request body is empty but its content type is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    statusCode: 413,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: 'This content type is not supported here; send application/json.',
  },
};

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.METHOD_NOT_ALLOWED,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

const internalError: ClientError = {
  statusCode: 500,
  code: ErrorCode.INTERNAL,
  message: 'Something went wrong on our side. Please try again later.',
  unexpected: true,
};

/** Seconds a client waits before it asks again while the database is unreachable. */
export const databaseRetryAfterSeconds = 2;

const databaseUnavailable: ClientError = {
  statusCode: 503,
  code: ErrorCode.SERVICE_UNAVAILABLE,
  message: 'The service is temporarily unavailable. Please try again in a few seconds.',
  retryAfterSeconds: databaseRetryAfterSeconds,
  // Planned for, and logged at warn level (an operator wants to see the outage), in fixed
  // words: the query's text and values stay out of the log.
  unexpected: false,
  logText: 'database unavailable',
};

/** Decides status, code and client-safe message for anything a route or Fastify threw. */
export function classifyError(error: unknown): ClientError {
  if (isAppError(error)) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.retryAfterSeconds }
        : {}),
      unexpected: false,
    };
  }
  if (typeof error !== 'object' || error === null) return internalError;
  // PostgreSQL restarting or out of reach: nothing was done, the same request may pass soon.
  if (isDatabaseUnavailable(error)) return databaseUnavailable;

  const { validation, validationContext } = error as {
    validation?: FastifySchemaValidationError[];
    validationContext?: string;
  };
  if (Array.isArray(validation)) {
    return {
      statusCode: 400,
      code: ErrorCode.VALIDATION_FAILED,
      message: 'Some fields are not valid.',
      fields: validation.map((issue) => toFieldIssue(issue, validationContext)),
      unexpected: false,
    };
  }

  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const known = typeof code === 'string' ? frameworkErrors[code] : undefined;
  if (known) return { ...known, unexpected: false };

  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return {
      statusCode,
      code: codeByStatus[statusCode] ?? ErrorCode.BAD_REQUEST,
      message: 'The request cannot be processed.',
      unexpected: false,
    };
  }
  if (statusCode === 503) {
    return {
      ...internalError,
      statusCode: 503,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'The service is temporarily unavailable. Please try again later.',
    };
  }
  return internalError;
}

/**
 * "/address/city" in the body becomes "address.city" (the form field's name); other parts
 * of the request keep their part as a prefix ("querystring.page") so the two never clash.
 */
function toFieldIssue(
  issue: FastifySchemaValidationError,
  context: string | undefined,
): FieldIssue {
  const segments = issue.instancePath.split('/').filter((segment) => segment !== '');
  // Ajv reports a missing property on its parent object; name the property itself.
  const missing = (issue.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  if (typeof missing === 'string') segments.push(missing);
  const prefix = context && context !== 'body' ? [context] : [];
  const path = [...prefix, ...segments].join('.') || context || 'body';
  return { path, message: issue.message ?? 'Invalid value' };
}
