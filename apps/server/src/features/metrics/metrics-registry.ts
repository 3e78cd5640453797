import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PostingObservation } from '../wallet';

/** What the gauges read when Prometheus scrapes (each optional: a test app may lack one). */
export interface MetricsSources {
  openWebSockets?: () => number;
  /** node-postgres pool counts; undefined on PGlite (one connection, no pool). */
  databasePool?: () => { total: number; idle: number; waiting: number } | undefined;
  /** With REDIS_URL only. */
  redisConnected?: () => boolean;
}

/**
 * The server's Prometheus metrics, in a registry of their own (one per app: tests build
 * many). Every label is a bounded word: a route pattern, a method, a status, a provider's
 * slug, an error code. Never a player, a token, an amount or a raw URL (docs/operations.md).
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  // Process memory, CPU, handles, GC and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  /** A count that only grows, by a few bounded labels. */
  const counter = <Label extends string>(name: string, help: string, labelNames: Label[]) =>
    new Counter({ name, help, labelNames, registers });
  /** A number read when Prometheus scrapes. */
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });

  const httpRequests = counter(
    'orbita_http_requests_total',
    'HTTP requests answered, by route pattern, method and status code.',
    ['route', 'method', 'status'],
  );
  const httpDuration = new Histogram({
    name: 'orbita_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const postings = counter(
    'orbita_wallet_postings_total',
    'Ledger postings by kind and outcome (applied, replayed, refused with its reason, failed).',
    ['kind', 'outcome', 'reason'],
  );
  const providerCallbacks = counter(
    'orbita_provider_callbacks_total',
    "Game providers' wallet callbacks by provider, method and the protocol's answer code.",
    ['provider', 'method', 'code'],
  );
  const paymentWebhooks = counter(
    'orbita_payment_webhooks_total',
    "Payment services' webhooks by service and outcome (the HTTP status answered).",
    ['service', 'outcome'],
  );
  let balanceStreams = 0;
  gauge(
    'orbita_balance_streams_open',
    'Live balance streams (server-sent events) open on this instance.',
    () => balanceStreams,
  );
  gauge(
    'orbita_websockets_open',
    'WebSockets (chat, support) open on this instance.',
    () => sources.openWebSockets?.() ?? 0,
  );
  new Gauge({
    name: 'orbita_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and requests waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.databasePool?.();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  if (sources.redisConnected) {
    const connected = sources.redisConnected;
    gauge(
      'orbita_redis_connected',
      '1 while the Redis connections (REDIS_URL) are up, else 0.',
      () => (connected() ? 1 : 0),
    );
  }

  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    request(route: string, method: string, status: number, seconds: number) {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route, method }, seconds);
    },
    posting(observation: PostingObservation) {
      postings.inc({ ...observation });
    },
    providerCallback(provider: string, method: string, code: string) {
      providerCallbacks.inc({ provider, method, code });
    },
    paymentWebhook(service: string, outcome: string) {
      paymentWebhooks.inc({ service, outcome });
    },
    balanceStreamOpened() {
      balanceStreams += 1;
      return () => {
        balanceStreams -= 1;
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
