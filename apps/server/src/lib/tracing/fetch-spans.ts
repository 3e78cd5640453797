import diagnostics from 'node:diagnostics_channel';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

/** What Node's fetch (undici) publishes about a request on its diagnostics channels. */
interface UndiciRequest {
  origin: string | URL;
  method: string;
  path: string;
  addHeader(name: string, value: string): unknown;
}
interface UndiciMessage {
  request: UndiciRequest;
  response?: { statusCode: number };
  error?: unknown;
}

/**
 * Outgoing HTTP (the providers' APIs, the payment services, the studios' calls to another
 * instance): a client span per request made with Node's fetch, inside a traced request or job,
 * with its `traceparent` added so the other side continues the trace. Read from undici's
 * diagnostics channels, so no module is patched. The URL is recorded without its query
 * string (it can hold a signature). Returns the unsubscribe.
 */
export function traceOutgoingFetch(tracer: Tracer): () => void {
  const spans = new WeakMap<UndiciRequest, Span>();
  const onCreate = (message: unknown) => {
    const { request } = message as UndiciMessage;
    const parent = context.active();
    if (!trace.getSpan(parent)) return;
    const origin = String(request.origin).replace(/\/$/, '');
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': request.method,
          'url.full': `${origin}${request.path.split('?', 1)[0] ?? ''}`,
          'server.address': new URL(origin).hostname,
        },
      },
      parent,
    );
    const headers: Record<string, string> = {};
    propagation.inject(trace.setSpan(parent, span), headers);
    for (const [name, value] of Object.entries(headers)) request.addHeader(name, value);
    spans.set(request, span);
  };
  const onHeaders = (message: unknown) => {
    const { request, response } = message as UndiciMessage;
    const span = spans.get(request);
    if (!span || !response) return;
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${response.statusCode}` });
    }
  };
  const onEnd = (message: unknown) => {
    const { request, error } = message as UndiciMessage;
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (error !== undefined) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : 'failed',
      });
    }
    span.end();
  };
  const channels: [string, (message: unknown) => void][] = [
    ['undici:request:create', onCreate],
    ['undici:request:headers', onHeaders],
    ['undici:request:trailers', onEnd],
    ['undici:request:error', onEnd],
  ];
  for (const [name, listener] of channels) diagnostics.subscribe(name, listener);
  return () => {
    for (const [name, listener] of channels) diagnostics.unsubscribe(name, listener);
  };
}
