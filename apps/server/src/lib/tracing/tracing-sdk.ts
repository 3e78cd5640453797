import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { tracePglite, tracePgPool } from './database-spans';
import { traceOutgoingFetch } from './fetch-spans';
import { httpServerSpans } from './http-spans';
import { logMixin } from './log-trace';
import { traceRedis } from './redis-spans';
import type { Tracing } from './tracing';

export interface TracingOptions {
  serviceName: string;
  version: string;
  /** The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT): spans go to {endpoint}/v1/traces. */
  endpoint?: string;
  /** Instead of the collector (tests: an InMemorySpanExporter), each span exported as it ends. */
  exporter?: SpanExporter;
}

/**
 * Loaded only when tracing is on (tracing.ts imports it dynamically). Registers the
 * context manager (AsyncLocalStorage: a request's span follows its async work) and the W3C
 * trace-context propagator for the process, and returns the hooks the server installs.
 * Spans are batched and sent as OTLP over HTTP; a collector that does not answer costs
 * dropped spans, never a request.
 */
export function createTracing(options: TracingOptions): Tracing {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const processor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` }),
      });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.version,
    }),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer('orbita-server', options.version);
  const stopFetchSpans = traceOutgoingFetch(tracer);
  return {
    tracer,
    ...httpServerSpans(tracer),
    logMixin,
    tracePgPool: (pool) => tracePgPool(tracer, pool),
    tracePglite: (client) => tracePglite(tracer, client),
    traceRedis: (client) => traceRedis(tracer, client),
    async shutdown() {
      stopFetchSpans();
      await provider.shutdown();
      propagation.disable();
      context.disable();
    },
  };
}
