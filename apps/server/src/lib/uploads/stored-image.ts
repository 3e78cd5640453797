import { ErrorCode } from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';

/** A stored picture's route: where it is, how it is documented and read, and its 404. */
export interface StoredImageRoute {
  /** The path, ending in `:name`. */
  url: string;
  tag: string;
  summary: string;
  /** What a stored name looks like; any other name is refused by validation (400). */
  namePattern: RegExp;
  read: (name: string) => Promise<{ contentType: string; bytes: Buffer } | undefined>;
  /** The 404's message for a name that is not stored. */
  missing: string;
}

/**
 * GET of a stored picture whose name is its version (an avatar, a banner's art): a new
 * upload gets a new URL, so the bytes are cached for a year; they are never sniffed or run
 * as a page.
 */
export function storedImageRoute(app: FastifyInstance, route: StoredImageRoute): void {
  app.get(
    route.url,
    {
      schema: {
        tags: [route.tag],
        summary: route.summary,
        params: z.object({ name: z.string().regex(route.namePattern) }),
      },
    },
    async (request, reply) => {
      // The params were validated by the route's schema before the handler runs.
      const { name } = request.params as { name: string };
      const image = await route.read(name);
      if (!image) throw new AppError(404, ErrorCode.NOT_FOUND, route.missing);
      return reply
        .type(image.contentType)
        .header('etag', `"${name.slice(0, 32)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );
}
