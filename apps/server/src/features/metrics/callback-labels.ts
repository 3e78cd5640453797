import type { FastifyRequest } from 'fastify';
import { endorphinaWalletPrefix } from '../providers';
import { gbWalletPath } from '../providers';
import { gbMessageTypes } from '../providers';
import { pragmaticWalletPrefix } from '../providers';

/** Only words: anything else a caller sends (a made-up method) is counted as "other". */
const word = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const bounded = (value: string | undefined) => (value && word.test(value) ? value : 'other');

/** A provider's wallet callback: which provider and which of its methods; else undefined. */
export function providerCallbackOf(
  request: FastifyRequest,
): { provider: string; method: string } | undefined {
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith(`${endorphinaWalletPrefix}/`)) {
    return {
      provider: 'endorphina',
      method: bounded(path.slice(endorphinaWalletPrefix.length + 1)),
    };
  }
  if (path.startsWith(`${pragmaticWalletPrefix}/`)) {
    const method = path.slice(pragmaticWalletPrefix.length + 1).replace(/\.html$/, '');
    return { provider: 'pragmatic', method: bounded(method) };
  }
  if (path === gbWalletPath) {
    // The message type is in the JSON body (read raw: the signature covers the bytes).
    let type: unknown;
    try {
      type =
        typeof request.body === 'string'
          ? (JSON.parse(request.body) as { type?: unknown }).type
          : undefined;
    } catch {
      type = undefined;
    }
    const known = (gbMessageTypes as readonly unknown[]).includes(type);
    return { provider: 'gbgames', method: known ? String(type) : 'other' };
  }
  return undefined;
}

/**
 * The answer code of a provider's protocol: Endorphina's and GB Games' `code` on an error,
 * Pragmatic's numeric `error` (0 is success), else the HTTP status (a success body).
 */
export function answerCodeOf(payload: unknown, status: number): string {
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      const body = JSON.parse(payload) as { code?: unknown; error?: unknown };
      if (typeof body.code === 'string') return bounded(body.code);
      if (typeof body.error === 'number' && Number.isInteger(body.error)) return String(body.error);
    } catch {
      // Not JSON after all: the status says enough.
    }
  }
  return String(status);
}
