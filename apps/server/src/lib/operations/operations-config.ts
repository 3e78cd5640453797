import { isIP } from 'node:net';
import { z } from 'zod';
import { baseUrl, secret, wholeNumber, type EnvOf } from '../config-values';

/**
 * What an operator sets to run Orbita in production: the shutdown budget, the metrics
 * endpoint's protection and the tracing exporter. Read by config.ts with every other
 * variable, so a bad value stops start-up naming it.
 */

/**
 * Loopback and private ranges (RFC 1918, RFC 4193, link-local): a metrics port bound there
 * is reachable by the scraper on the private network and never from the internet.
 */
export function isPrivateAddress(host: string): boolean {
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (version === 6) {
    const lower = host.toLowerCase();
    return lower === '::1' || /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
  }
  return false;
}

export const operationsEnvShape = {
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000).default(10_000),
  // Bearer token of GET /metrics on the main port; at least 32 characters like every secret.
  METRICS_TOKEN: secret.optional(),
  METRICS_PORT: wholeNumber(1, 65_535).optional(),
  METRICS_HOST: z
    .string()
    .refine(isPrivateAddress, {
      error:
        'must be a loopback or private IP address (127.0.0.1, 10.x, 172.16-31.x, 192.168.x, fc00::/7)',
    })
    .default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: baseUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('orbita'),
};

type OperationsEnv = EnvOf<typeof operationsEnvShape>;

export const operationsSecretVariables = ['METRICS_TOKEN'] as const;

export const operationsConfigVariables: Record<
  keyof typeof operationsEnvShape,
  { default: string; description: string }
> = {
  SHUTDOWN_TIMEOUT_MS: {
    default: '10000',
    description:
      'On SIGTERM: readiness answers 503 at once, new requests, streams and sockets are refused, and requests in flight get this long to finish before the process exits.',
  },
  METRICS_TOKEN: {
    default: '(unset: no /metrics on the main port)',
    description:
      'Bearer token of GET /metrics (Prometheus text) on the main port, at least 32 characters.',
  },
  METRICS_PORT: {
    default: '(unset: no metrics listener)',
    description:
      'Serves GET /metrics without a token on a port of its own, bound to METRICS_HOST (a private address).',
  },
  METRICS_HOST: {
    default: '127.0.0.1',
    description:
      'Address the METRICS_PORT listener binds to: loopback or a private network address only.',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    default: '(unset: tracing off)',
    description:
      'OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318): when set, requests, database and Redis calls and outgoing HTTP are traced.',
  },
  OTEL_SERVICE_NAME: {
    default: 'orbita',
    description: 'The service name traces carry.',
  },
};

export interface OperationsConfigPart {
  shutdownTimeoutMs: number;
  /** Never logged. */
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  metricsHost: string;
  otelEndpoint: string | undefined;
  otelServiceName: string;
}

export function operationsConfigFrom(e: OperationsEnv): OperationsConfigPart {
  return {
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    otelEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    otelServiceName: e.OTEL_SERVICE_NAME,
  };
}
