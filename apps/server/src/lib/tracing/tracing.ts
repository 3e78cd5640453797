import type { Tracer } from '@opentelemetry/api';
import type { FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { LoggerOptions } from 'pino';

/**
 * OpenTelemetry tracing (decision 079): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set, and
 * then nothing of it is loaded: this module holds only types and the dynamic import, so
 * neither the SDK nor the API is evaluated, no hook is added and no client is wrapped.
 *
 * On, the spans are made by hand where our code meets the network (tracing-sdk.ts): the
 * server bundle is an ES module whose npm imports load before any of its code runs, so the
 * require hooks of the instrumentation packages could not patch them; explicit spans need no
 * loader and behave the same in the bundle, from source and in tests.
 */
export interface Tracing {
  tracer: Tracer;
  /** Fastify's childLoggerFactory: starts the request's span and binds its ids to its logger. */
  childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']>;
  /** Root hooks that carry the request's span through hooks, body parsing and the handler. */
  httpPlugin: FastifyPluginAsync;
  /** pino's mixin: the active span's trace and span ids on every line logged inside one. */
  logMixin: NonNullable<LoggerOptions['mixin']>;
  /** Spans around every query of a node-postgres pool's clients (with a parent span only). */
  tracePgPool(pool: PgPoolLike): void;
  /** Spans around a PGlite's queries, its transactions' included (with a parent span only). */
  tracePglite(client: PgliteLike): void;
  /** Spans around an ioredis client's commands (with a parent span only). */
  traceRedis(client: Redis): void;
  /** Exports what is buffered and stops; the global context and propagator are released. */
  shutdown(): Promise<void>;
}

/** What tracePgPool needs of pg.Pool (its connect, callback and promise forms). */
export interface PgPoolLike {
  connect: (...args: never[]) => unknown;
}

/** What tracePglite needs of a PGlite instance. */
export interface PgliteLike {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}

export interface TracingConfig {
  otelEndpoint: string | undefined;
  otelServiceName: string;
}

/** Starts tracing when the endpoint is configured; else resolves undefined, having loaded nothing. */
export async function startTracing(
  config: TracingConfig,
  version: string,
): Promise<Tracing | undefined> {
  if (config.otelEndpoint === undefined) return undefined;
  const { createTracing } = await import('./tracing-sdk');
  return createTracing({
    endpoint: config.otelEndpoint,
    serviceName: config.otelServiceName,
    version,
  });
}
