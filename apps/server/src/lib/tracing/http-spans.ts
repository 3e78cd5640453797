import type { IncomingMessage } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Tracer,
} from '@opentelemetry/api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Tracing } from './tracing';

/**
 * Marks a logger whose bindings already carry the request's trace and span ids, so the log
 * mixin (log-trace.ts) does not write them a second time. pino's children inherit it.
 */
export const traceIdsBound = Symbol('orbita.traceIdsBound');

/**
 * The server span of each request. It starts in Fastify's childLoggerFactory, the first
 * thing Fastify does with a request (before it logs "incoming request"), so that the
 * request's logger carries the ids on every line; the hooks then run the request's work
 * inside the span's context.
 *
 * Parent: the W3C `traceparent` (and `tracestate`) the balancer or the caller sent; without
 * one, a new trace. A request's span never inherits whatever context the socket happens to
 * run in: an incoming request always starts from the root.
 */
export function httpServerSpans(
  tracer: Tracer,
): Pick<Tracing, 'childLoggerFactory' | 'httpPlugin'> {
  const contexts = new WeakMap<IncomingMessage, Context>();

  const childLoggerFactory: Tracing['childLoggerFactory'] = (logger, bindings, opts, rawReq) => {
    const parent = propagation.extract(ROOT_CONTEXT, rawReq.headers);
    const method = rawReq.method ?? 'GET';
    // The query string is left out: providers put tokens and signatures there.
    const path = (rawReq.url ?? '/').split('?', 1)[0] ?? '/';
    const span = tracer.startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'url.path': path,
          'orbita.request_id': String(bindings.requestId ?? ''),
        },
      },
      parent,
    );
    contexts.set(rawReq, trace.setSpan(parent, span));
    const { traceId, spanId } = span.spanContext();
    const child = logger.child({ ...bindings, traceId, spanId }, opts);
    Object.defineProperty(child, traceIdsBound, { value: true });
    return child;
  };

  const end = (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = contexts.get(request.raw);
    if (!ctx) return;
    contexts.delete(request.raw);
    const span = trace.getSpan(ctx)!;
    const route = request.routeOptions.url;
    // 0: the connection closed before an answer (the client left; a socket was upgraded).
    const status = reply.raw.headersSent ? reply.statusCode : 0;
    span.updateName(route ? `${request.method} ${route}` : request.method);
    if (route) span.setAttribute('http.route', route);
    span.setAttribute('client.address', request.ip);
    if (status > 0) span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${status}` });
    span.end();
  };

  /** Runs the rest of the request (the next hook, the handler) inside its span's context. */
  const inSpan = (request: FastifyRequest, done: () => void) => {
    const ctx = contexts.get(request.raw);
    if (ctx) context.with(ctx, done);
    else done();
  };

  const plugin: FastifyPluginAsync = (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      // A connection closed before the answer still ends the span (onResponse does not run).
      if (contexts.has(request.raw)) reply.raw.once('close', () => end(request, reply));
      inSpan(request, done);
    });
    // The body is read from the socket between preParsing and preValidation, in the
    // socket's context: the span's is restored here, before validation and the handler.
    app.addHook('preValidation', (request, _reply, done) => inSpan(request, done));
    app.addHook('onResponse', (request, reply, done) => {
      end(request, reply);
      done();
    });
    return Promise.resolve();
  };

  return {
    childLoggerFactory,
    httpPlugin: fastifyPlugin(plugin, { name: 'tracing' }),
  };
}
