import { storageKeys, type FieldIssue } from '@casino/contracts';
import { i18n, isLanguage } from '../i18n/i18n';
import { getAccessTokenRenewer } from './access-token-renewer';
import { readStorage } from './storage';

/** Base path of every call (SPEC §7); the dev server and the production server serve it. */
export const apiBase = '/api';

/** Error codes the client makes up itself, next to the server's codes (contracts `ErrorCode`). */
export const clientErrorCode = {
  /** No answer at all: offline, DNS, CORS, aborted connection. */
  network: 'NETWORK_ERROR',
  /** An error status whose body is not the API's error shape (a proxy page, for example). */
  http: 'HTTP_ERROR',
  /** A success status whose body does not match the expected schema. */
  badResponse: 'BAD_RESPONSE',
} as const;

/**
 * Every failed call ends in an ApiError. `code` is stable (a server code such as "EMAIL_BUSY"
 * or one of `clientErrorCode`), so callers map it to translated text; `message` is for logs.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: FieldIssue[];
  readonly requestId: string | undefined;
  /** Seconds from the Retry-After header of a 429 or 503, when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: FieldIssue[] | undefined;
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Anything with a zod-like `parse`: the contract schemas of `@casino/contracts` in lazily loaded
 * code, or a small hand-written guard where zod must stay out of the first download.
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as-is when it is FormData (multipart uploads). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Validates the answer; without it the parsed JSON is returned unchecked. */
  schema?: ResponseSchema<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Session handling, on by default: the stored access token as a bearer header and, on a 401,
   * one shared token refresh and one retry. Off for the calls that open a session (login,
   * registration, verification, refresh itself), whose 401 means "wrong credentials".
   */
  session?: boolean;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The API's error shape (contracts `errorResponseSchema`), checked by hand: this file is part of
 * the first download, and zod is kept out of it.
 */
function readErrorBody(data: unknown): {
  code: string;
  message: string;
  fields?: FieldIssue[];
  requestId?: string;
} | null {
  if (!isRecord(data) || !isRecord(data.error)) return null;
  const { code, message, fields, requestId } = data.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const issues = Array.isArray(fields)
    ? fields.filter(
        (f): f is FieldIssue =>
          isRecord(f) && typeof f.path === 'string' && typeof f.message === 'string',
      )
    : undefined;
  return {
    code,
    message,
    ...(issues ? { fields: issues } : {}),
    ...(typeof requestId === 'string' ? { requestId } : {}),
  };
}

/** Retry-After in seconds (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Failures that say nothing about the session: offline, overloaded, rate-limited. */
function isTransient(error: ApiError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** The interface language, so the server writes its e-mails in it. */
function currentLanguage(): string {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : 'ru';
}

async function send(
  path: string,
  options: RequestOptions<unknown>,
  token: string | null,
): Promise<Response> {
  const { method = 'GET', body, query, signal } = options;
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  try {
    return await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload ?? null,
      signal: signal ?? null,
      // The refresh cookie is same-origin (path /api/auth); never send it anywhere else.
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      status: 0,
      code: clientErrorCode.network,
      message: 'The server could not be reached',
      cause,
    });
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const data = await readJson(response);
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  const body = readErrorBody(data);
  if (body) return new ApiError({ status: response.status, retryAfterSeconds, ...body });
  return new ApiError({
    status: response.status,
    code: clientErrorCode.http,
    message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    retryAfterSeconds,
  });
}

/**
 * One call to the API: JSON in and out, the stored access token as a bearer header, and the
 * token refresh of SPEC §4: a 401 asks the installed renewer for a fresh token (one refresh
 * shared by every request in flight) and the request is retried once with it; a second 401 is
 * the caller's. Resolves with the (validated) body; rejects with an ApiError. Toasts and
 * redirects belong to the callers and the query layer, not here.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', schema, session = true } = options;
  const token = session ? readStorage(storageKeys.token) : null;

  let response = await send(path, options, token);

  const renew = getAccessTokenRenewer();
  if (response.status === 401 && session && token && renew) {
    const refused = await toApiError(response);
    let fresh: string;
    try {
      fresh = await renew(token);
    } catch (error) {
      // A session that cannot be renewed: the caller sees the refusal; a refresh that could
      // not even reach the server (offline) is reported as what it is.
      throw isApiError(error) && isTransient(error) ? error : refused;
    }
    response = await send(path, options, fresh);
  }

  if (!response.ok) throw await toApiError(response);

  const data = await readJson(response);
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: clientErrorCode.badResponse,
      message: `Unexpected response from ${method} ${path}`,
      cause,
    });
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Shorthands for the common verbs. */
export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
