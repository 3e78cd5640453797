import { context, trace } from '@opentelemetry/api';
import type { Tracing } from './tracing';
import { traceIdsBound } from './http-spans';

/**
 * pino's mixin: the active span's ids on every line logged inside one (a service logging
 * through the app's logger during a request, a job run inside a span). A request's own logger
 * has them in its bindings already (http-spans.ts) and is skipped, so no line has them twice.
 */
export const logMixin: Tracing['logMixin'] = (_object, _level, logger) => {
  if ((logger as unknown as Record<symbol, unknown>)[traceIdsBound]) return {};
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
};
