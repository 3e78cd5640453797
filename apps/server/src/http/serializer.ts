import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The contract's serializer (every answer checked against its zod schema, then stringified),
 * done once per FROZEN answer: an object a cache shares between requests (a public catalog
 * page, issue 26) is frozen by that cache, so it cannot change, and its JSON is reused until
 * the cache lets it go. Anything else is serialized on every answer, as before. The cache of
 * texts is per route and status and holds its objects weakly: it never outlives them.
 */
export const frozenAnswerSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const serialize = serializerCompiler(route);
  const texts = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
      return serialize(data);
    }
    let text = texts.get(data);
    if (text === undefined) {
      text = serialize(data);
      texts.set(data, text);
    }
    return text;
  };
};
