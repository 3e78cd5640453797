import type { FastifyBaseLogger } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import type { Config } from '../config';

/** The structured logger every part of the server writes to (pino, as Fastify uses it). */
export type Logger = FastifyBaseLogger;

/** Fields that hold credentials wherever they appear in a logged object. */
const secretFields = [
  'password',
  'confirmPassword',
  'oldPassword',
  'newPassword',
  'repeatPassword',
  'otp',
  'token',
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'passwordHash',
  'codeHash',
  // Two-factor sign-in (docs/decisions/051).
  'twoFactorCode',
  'challenge',
  'secret',
  'otpauth_uri',
  'recovery_codes',
  'secretCiphertext',
];

/**
 * Secrets that must never reach the log, wherever a request or response gets serialised
 * (Fastify's default serialisers omit headers and bodies, but a handler may log them).
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  // Request bodies are never logged by Fastify; should a handler log one (or a secret field
  // at the top level or one level down), the credentials in it are masked.
  'body',
  'req.body',
  ...secretFields,
  ...secretFields.map((field) => `*.${field}`),
];

/**
 * Query parameters that carry credentials: providers' callbacks put the launch token and the
 * request's signature in the query string (Endorphina's GET session/balance), and a URL is
 * logged with every request.
 */
const secretQueryParameters = new Set(['token', 'sign', 'hash', 'signature', 'code']);

/** The URL with the values of credential-bearing query parameters masked. */
export function maskedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent.
      }
      return secretQueryParameters.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: unknown;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
  raw?: unknown;
}

/**
 * Fastify's own request serialiser with the URL's secrets masked. A plain object logged
 * under `req` by a handler keeps its fields (the redaction paths still apply to them).
 */
const requestSerializer = (req: LoggedRequest) => {
  const url = typeof req.url === 'string' ? maskedUrl(req.url) : req.url;
  if (req.raw === undefined) return { ...req, url };
  return {
    method: req.method,
    url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
};

export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'>,
  mixin?: LoggerOptions['mixin'],
): LoggerOptions {
  return {
    level: config.logLevel,
    // With tracing on (lib/tracing): the active span's trace and span ids on each line.
    ...(mixin ? { mixin } : {}),
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { req: requestSerializer },
    // Readable lines while developing; JSON lines everywhere else (pino-pretty is a dev
    // dependency and runs in a worker, so the production bundle never loads it).
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } }
      : {}),
  };
}

export function createLogger(
  config: Pick<Config, 'logLevel' | 'env'>,
  destination?: pino.DestinationStream,
  mixin?: LoggerOptions['mixin'],
): Logger {
  const options = loggerOptions(config, mixin);
  return destination ? pino(options, destination) : pino(options);
}
