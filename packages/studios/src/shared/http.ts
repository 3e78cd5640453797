/** What came back from the operator: the status and, when the body was JSON, its value. */
export interface HttpAnswer {
  status: number;
  json: unknown;
  text: string;
}

/** The call never got an HTTP answer: a timeout or a network failure. Always worth a retry. */
export class TransportError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** One HTTP exchange with a hard deadline, through Node's built-in fetch. */
export async function httpRequest(request: HttpRequest): Promise<HttpAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'manual',
    });
    text = await response.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new TransportError('timeout', `no answer within ${request.timeoutMs} ms`);
    }
    throw new TransportError('network', error instanceof Error ? error.message : String(error));
  }
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** Form encoding with the parameters in the order given (signatures do not depend on it). */
export function formEncode(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}
