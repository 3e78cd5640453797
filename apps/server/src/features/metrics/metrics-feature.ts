import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { ErrorCode } from '@casino/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { answerCodeOf, providerCallbackOf } from './callback-labels';
import type { Metrics } from './metrics-registry';

export const metricsPath = '/metrics';
const paymentWebhookRoute = /^\/api\/payments\/webhooks\/([a-z]+)$/;
const balanceStreamRoute = '/api/wallet/stream';

export interface MetricsFeatureOptions {
  metrics: Metrics;
  logger: Logger;
  /** METRICS_TOKEN: GET /metrics on the main port with this bearer token. */
  token?: string | undefined;
  /** METRICS_PORT on METRICS_HOST (a private address): GET /metrics there without a token. */
  port?: number | undefined;
  host: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts every request (route pattern, method, status, time), provider callback and payment
 * webhook, open balance streams; serves the Prometheus text (metrics-registry.ts) at GET
 * /metrics behind METRICS_TOKEN, and/or on METRICS_PORT. Registered only when one of them is
 * set: off, it adds no hook at all.
 */
const metricsPlugin: FastifyPluginAsync<MetricsFeatureOptions> = async (app, options) => {
  const { metrics } = options;

  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url === balanceStreamRoute) {
      reply.raw.once('close', metrics.balanceStreamOpened());
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const callback = providerCallbackOf(request);
    if (callback) {
      metrics.providerCallback(
        callback.provider,
        callback.method,
        answerCodeOf(payload, reply.statusCode),
      );
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    const webhook = paymentWebhookRoute.exec(route);
    if (webhook?.[1]) metrics.paymentWebhook(webhook[1], String(reply.statusCode));
    done();
  });

  if (options.token !== undefined) {
    const expected = digest(`Bearer ${options.token}`);
    app.get(metricsPath, { schema: { hide: true } }, async (request, reply) => {
      const given = digest(request.headers.authorization ?? '');
      if (!timingSafeEqual(given, expected)) {
        throw new AppError(401, ErrorCode.UNAUTHORIZED, 'A metrics token is required.');
      }
      reply.header('content-type', metrics.contentType).header('cache-control', 'no-store');
      return reply.send(await metrics.text());
    });
  }

  if (options.port !== undefined) {
    const server: Server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== metricsPath) {
        res.writeHead(404).end();
        return;
      }
      metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    const { port, host } = options;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      options.logger.info({ metrics: `http://${host}:${port}${metricsPath}` }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  }
};

export const metricsFeature = fastifyPlugin(metricsPlugin, { name: 'metrics' });
