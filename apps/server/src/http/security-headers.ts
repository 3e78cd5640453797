import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/** HSTS as helmet would send it: a year, subdomains included (decision 049). */
const hstsValue = 'max-age=31536000; includeSubDomains';

/** `https://host:port` of a URL, or undefined when it is not an absolute http(s) URL. */
function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url.replace(/\{[^}]*\}/g, 'x'));
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function origins(urls: (string | undefined)[]): string[] {
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== undefined))];
}

/**
 * The Content-Security-Policy directives of every page and answer this server sends
 * (decision 049). Scripts only from this origin (the web app has no inline script); the
 * places the app legitimately reaches elsewhere come from the configuration:
 * - frames: the game pages we launch (simulated studios are here under /studios; an external
 *   provider's launch URL can be on any of its hosts, so any https page, plus the configured
 *   provider URLs' origins for a plain-http test provider);
 * - images: game artwork from a provider's CDN (any https host, configured http ones);
 * - connect: the card service's tokenisation endpoint (the card number goes straight there).
 * The simulated studios' game pages and the avatars send their own, stricter policy.
 */
export function contentSecurityDirectives(config: Config): Record<string, string[]> {
  const { providers, payments, publicUrl } = config;
  const self = ["'self'", ...origins([publicUrl])];
  const providerOrigins = origins([
    providers.endorphina.url,
    providers.endorphina.demoUrl,
    providers.pragmatic.apiUrl,
    providers.pragmatic.demoUrl,
    providers.gbgames.url,
  ]);
  const imageOrigins = origins([providers.endorphina.imageUrl, providers.pragmatic.imageUrl]);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // The payment sandboxes' and the API docs' pages carry <style> blocks; React sets style
    // attributes. Styles cannot run code, so inline ones are allowed (decision 049).
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [...self, 'data:', 'blob:', 'https:', ...imageOrigins],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [...self, ...origins([payments.card.apiUrl])],
    frameSrc: [...self, 'https:', ...providerOrigins],
    // Our own play page frames the lobby when a game's "exit" leads back to it.
    frameAncestors: ["'self'"],
    formAction: self,
    objectSrc: ["'none'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
  };
}

/**
 * Headers helmet sets that only a document (a page, or a file opened as one) acts on. A
 * script, stylesheet or font that a page loads is governed by the page's own headers: these
 * would only add about 0.8 KB to each of the twenty-odd files of a phone's first download.
 * `nosniff` and Cross-Origin-Resource-Policy act on such files and stay.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Takes the document-only headers off an answer that is a page's subresource (see above). */
export function dropDocumentOnlyHeaders(reply: FastifyReply): void {
  for (const name of documentOnlyHeaders) reply.raw.removeHeader(name);
}

/**
 * The headers helmet sets with our options, computed ONCE: helmet's middleware is built and
 * run against a recording response at start-up, instead of per request as @fastify/helmet
 * does (it builds the middleware, and so parses and validates the CSP, for every request:
 * 3.5 % of the server's busy time under the wallet benchmark, decision 088). Same options,
 * same headers, same order; the headers it removes (X-Powered-By) are removed per request too.
 */
export function helmetHeaders(config: Config): {
  set: [name: string, value: string][];
  removed: string[];
} {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(config),
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  let failed: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error('helmet refused its options');
  return { set, removed };
}

/**
 * Security headers on every answer (app pages, API, static files), as helmet computes them
 * (`helmetHeaders`, once): the CSP above, nosniff, Referrer-Policy no-referrer (links carry
 * reset codes and launch tokens), X-Frame-Options for old browsers. HSTS only on https
 * requests (request.protocol honours X-Forwarded-Proto behind TRUST_PROXY): over plain http it
 * would be ignored at best and pin a development host to https at worst.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const { set, removed } = helmetHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
    done();
  });
  return Promise.resolve();
}
