import { vi } from 'vitest';

/** One request the app made, as the tests look at it. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Handler = (request: SeenRequest) => Response | Promise<Response>;

export function json(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function apiError(status: number, code: string, extra: Record<string, unknown> = {}) {
  return json(status, { error: { code, message: code, ...extra } });
}

export const tokens = (accessToken: string) => ({
  access_token: accessToken,
  token_type: 'Bearer',
  expires_in: 900,
});

/**
 * Replaces fetch with a tiny API: handlers keyed by "METHOD /path" (without /api). Unknown
 * calls answer 404. Returns every request seen, in order.
 */
export function mockApi(handlers: Record<string, Handler>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    seen.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    return handler ? handler(request) : apiError(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

export const countOf = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((r) => r.method === method && r.path === path).length;

/** A promise with its resolve function outside, to hold an answer back. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export const me = {
  id: 'u1',
  username: 'lucky_star',
  email: 'lucky@example.com',
  avatar: null,
  balance: '0.00',
  currency: 'USD',
  created_at: '2024-03-17T11:21:00Z',
  cash: '0.00',
  bonus: '0.00',
} as const;
