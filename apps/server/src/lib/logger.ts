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

export function loggerOptions(config: Pick<Config, 'logLevel' | 'env'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
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
): Logger {
  return destination ? pino(loggerOptions(config), destination) : pino(loggerOptions(config));
}
