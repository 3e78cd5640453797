/**
 * The back office's one way to call the server: a route of the contracts' route table (method
 * and path), path parameters, a query, a JSON body and the zod schema of the answer. The staff
 * session is a cookie of its own (httpOnly, SameSite=Strict, set by the server), so no token is
 * kept in the page; a 401 on any call ends the session in the app (onUnauthorized).
 */

/**
 * Where the API is: this page's own origin (the server serves the back office at /backoffice/),
 * or, for a back office served from its own origin (the server's BACKOFFICE_ORIGIN), the API's
 * origin given at build time as VITE_BACKOFFICE_API_ORIGIN; the staff cookie then travels
 * with the server's CORS answer for that origin.
 */
export const apiOrigin: string = (import.meta.env.VITE_BACKOFFICE_API_ORIGIN ?? '').replace(
  /\/$/,
  '',
);
const credentials: RequestCredentials = apiOrigin ? 'include' : 'same-origin';

export const clientErrorCode = {
  network: 'NETWORK_ERROR',
  http: 'HTTP_ERROR',
  badResponse: 'BAD_RESPONSE',
} as const;

export interface FieldIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: FieldIssue[];
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: FieldIssue[];
    retryAfterSeconds?: number | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** A route as the contracts' table declares it. */
export interface RouteRef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions<T> {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue | readonly string[]>;
  body?: unknown;
  schema?: ResponseSchema<T>;
  /** The schema of the answer by its status (a route that answers 200 or 202). */
  schemaFor?: (status: number) => ResponseSchema<T> | undefined;
  signal?: AbortSignal;
}

let unauthorizedListener: (() => void) | null = null;

/** What the app does when the server says the session is over (the router goes to login). */
export function onUnauthorized(listener: (() => void) | null): void {
  unauthorizedListener = listener;
}

/** `/api/operator/players/:id` with `{ id: 'x' }` (`{id}` is accepted too); values are encoded. */
export function buildPath(
  path: string,
  params: Record<string, string | number> = {},
  query: CallOptions<unknown>['query'] = undefined,
): string {
  const filled = path.replace(/:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\}/g, (_match, a, b) => {
    const name = (a ?? b) as string;
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as string[]) search.append(key, item);
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

function readError(
  data: unknown,
): { code: string; message: string; fields?: FieldIssue[] } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const error = (data as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const issues = Array.isArray(fields)
    ? fields.filter(
        (f): f is FieldIssue =>
          typeof f === 'object' &&
          f !== null &&
          typeof (f as FieldIssue).path === 'string' &&
          typeof (f as FieldIssue).message === 'string',
      )
    : undefined;
  return { code, message, ...(issues ? { fields: issues } : {}) };
}

function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** A fetch of the API with the staff session (a document's bytes, outside `call`). */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${apiOrigin}${path}`, { ...init, credentials });
}

export async function call<T = unknown>(route: RouteRef, options: CallOptions<T> = {}): Promise<T> {
  const url = `${apiOrigin}${buildPath(route.path, options.params, options.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = {
    method: route.method,
    headers,
    credentials,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (options.body instanceof FormData) {
    // An upload (banner art): the browser writes the multipart boundary itself.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({
      status: 0,
      code: clientErrorCode.network,
      message: 'Network error',
      cause,
    });
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const body = readError(data);
    if (response.status === 401) unauthorizedListener?.();
    throw new ApiError({
      status: response.status,
      code: body?.code ?? clientErrorCode.http,
      message: body?.message ?? `HTTP ${response.status}`,
      ...(body?.fields ? { fields: body.fields } : {}),
      retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
    });
  }
  const schema = options.schemaFor?.(response.status) ?? options.schema;
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: clientErrorCode.badResponse,
      message: `Unexpected answer from ${route.method} ${route.path}`,
      cause,
    });
  }
}
