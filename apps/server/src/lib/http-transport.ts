import type { FastifyInstance } from 'fastify';

/** One request from us to a third party (a game provider, a payment service): server to server. */
export interface OutgoingRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface ProviderAnswer {
  status: number;
  text: string;
}

/** How adapters reach a provider; swapped in tests and for the in-process studios. */
export type HttpTransport = (request: OutgoingRequest) => Promise<ProviderAnswer>;

/** The provider gave no HTTP answer (timeout, refused connection, DNS). */
export class ProviderUnreachableError extends Error {
  override readonly name = 'ProviderUnreachableError';
}

/** Real HTTP through Node's fetch, with a hard deadline per request. */
export const fetchTransport: HttpTransport = async (request) => {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
      // A provider's API answers directly; a redirect would be a misconfigured base URL.
      redirect: 'manual',
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const reason =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${request.timeoutMs} ms`
        : error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
    throw new ProviderUnreachableError(
      `${request.method} ${new URL(request.url).origin}: ${reason}`,
    );
  }
};

/**
 * Requests to URLs under `inProcessBase` (the simulated studios mounted in this very app) go
 * through app.inject: the same URLs, bytes and signatures as over the network, but they work
 * before the server listens (the start-up sync) and behind any proxy PUBLIC_URL names.
 * Everything else goes to `fallback`.
 */
export function inProcessTransport(
  app: FastifyInstance,
  inProcessBase: string,
  fallback: HttpTransport = fetchTransport,
): HttpTransport {
  const base = inProcessBase.replace(/\/+$/, '');
  return async (request) => {
    if (request.url !== base && !request.url.startsWith(`${base}/`)) return fallback(request);
    const url = new URL(request.url);
    const response = await app.inject({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    return { status: response.statusCode, text: response.body };
  };
}
