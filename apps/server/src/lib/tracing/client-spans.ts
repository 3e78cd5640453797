import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

/**
 * A client span (database, Redis) around one call, only inside a traced request or job: a
 * call without a parent span (a probe's query, a background poll) is not traced, as the
 * instrumentation packages' `requireParentSpan` would have it.
 */
export function startClientSpan(
  tracer: Tracer,
  name: string,
  attributes: Attributes,
): Span | undefined {
  const parent = context.active();
  if (!trace.getSpan(parent)) return undefined;
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
}

/** Ends the span with the outcome: an error's class and message (never its parameters). */
export function endClientSpan(span: Span, error?: unknown): void {
  if (error !== undefined && error !== null) {
    const message = error instanceof Error ? error.message : 'failed';
    span.setStatus({ code: SpanStatusCode.ERROR, message });
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
  }
  span.end();
}

/** Ends the span when `result` settles, leaving `result` itself to the caller. */
export function endWhenSettled(span: Span, result: PromiseLike<unknown>): void {
  result.then(
    () => endClientSpan(span),
    (error: unknown) => endClientSpan(span, error),
  );
}
