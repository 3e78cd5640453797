import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Parsed parameters of a form body or a query string: repeated names stay as lists. */
export type RawParams = Record<string, string | string[]>;

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/**
 * Form bodies parsed into plain strings inside the studios' own plugin context (the host's
 * parsers are untouched outside it). Values stay exactly as sent, because signatures are
 * computed over them.
 */
export function useFormBodies(instance: FastifyInstance): void {
  if (instance.hasContentTypeParser(FORM)) instance.removeContentTypeParser(FORM);
  instance.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, parseQueryString(body as string));
    },
  );
}

export function parseQueryString(text: string): RawParams {
  const params: RawParams = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = params[key];
    if (existing === undefined) params[key] = value;
    else params[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return params;
}

/**
 * Single-valued parameters, or undefined when a name repeats: a signature over an ambiguous
 * parameter set proves nothing, so such a request is refused as malformed.
 */
export function singleValued(params: unknown): Record<string, string> | undefined {
  if (params === null || typeof params !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (typeof value !== 'string') return undefined;
    out[key] = value;
  }
  return out;
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/** JSON bodies whose exact bytes are kept, for signatures computed over the raw body. */
export function useRawJsonBodies(instance: FastifyInstance): void {
  if (instance.hasContentTypeParser(JSON_TYPE)) instance.removeContentTypeParser(JSON_TYPE);
  instance.addContentTypeParser(
    JSON_TYPE,
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (req, body, done) => {
      const text = body as string;
      rawBodies.set(req, text);
      try {
        done(null, text.length === 0 ? undefined : (JSON.parse(text) as unknown));
      } catch {
        // Parsed later as "not an object": the signature check still runs first on the raw text.
        done(null, undefined);
      }
    },
  );
}

export function rawBodyOf(request: FastifyRequest): string {
  return rawBodies.get(request) ?? '';
}

/** The raw query string exactly as the client sent it (after the "?"). */
export function rawQueryOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
}
