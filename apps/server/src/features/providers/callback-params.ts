import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorableText } from '../../lib/storable-text';

/**
 * Parameters of a provider's callback exactly as sent (decoded once, never coerced), since
 * signatures are computed over them; undefined when a name repeats, because a signature over
 * an ambiguous parameter set proves nothing.
 */
export function singleValuedParams(text: string): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(params, key)) return undefined;
    params[key] = value;
  }
  return params;
}

/**
 * The name of a parameter whose name or value no text column can hold as sent (a NUL
 * character; a lone surrogate cannot survive form or query decoding, which turns it into
 * U+FFFD, but the same check as everywhere else costs nothing), or undefined. Such a call is provably invalid: answered as bad parameters, never stored, and
 * never a "retry" that the provider would repeat for a day (PostgreSQL refuses NUL in text).
 */
export function unstorableParam(params: Readonly<Record<string, string>>): string | undefined {
  return Object.entries(params).find(
    ([name, value]) => !isStorableText(name) || !isStorableText(value),
  )?.[0];
}

export function rawQueryOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
}

const form = 'application/x-www-form-urlencoded';
const callbackBodyLimit = 64 * 1024;

/**
 * Form bodies (Endorphina's and Pragmatic's callbacks) kept as raw text inside the providers'
 * plugin only: the rest of the API speaks JSON and keeps refusing forms with 415.
 */
export function acceptRawFormBodies(instance: FastifyInstance): void {
  instance.addContentTypeParser(
    form,
    { parseAs: 'string', bodyLimit: callbackBodyLimit },
    (_request, body, done) => {
      done(null, body);
    },
  );
}

/**
 * JSON bodies kept as raw text (GB Games signs the exact bytes; parsing first and
 * re-serialising would change them). Inside the GB callback plugin only.
 */
export function acceptRawJsonBodies(instance: FastifyInstance): void {
  if (instance.hasContentTypeParser('application/json')) {
    instance.removeContentTypeParser('application/json');
  }
  instance.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: callbackBodyLimit },
    (_request, body, done) => {
      done(null, body);
    },
  );
}
