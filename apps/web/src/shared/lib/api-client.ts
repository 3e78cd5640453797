import { errorResponseSchema, storageKeys, type FieldIssue } from '@casino/contracts';
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

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: FieldIssue[] | undefined;
    requestId?: string | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Anything with a zod-like `parse`: the contract schemas of `@casino/contracts`. */
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

/**
 * One call to the API: JSON in and out, the stored session token as a bearer header.
 * Resolves with the (validated) body; rejects with an ApiError. Toasts, redirects and the
 * token refresh of SPEC §4 belong to the callers and the query layer, not here.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, query, schema, signal } = options;
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = readStorage(storageKeys.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload ?? null,
      signal: signal ?? null,
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

  const data = await readJson(response);

  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(data);
    if (parsed.success) {
      const { code, message, fields, requestId } = parsed.data.error;
      throw new ApiError({ status: response.status, code, message, fields, requestId });
    }
    throw new ApiError({
      status: response.status,
      code: clientErrorCode.http,
      message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    });
  }

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
