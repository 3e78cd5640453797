import type { FastifyInstance } from 'fastify';
import { catalogOf } from '../catalog/studio-catalogs';
import type { CatalogGame, StudioName } from '../catalog/types';
import { ART_VERSION, renderArt } from './render';

export const artPath = (game: CatalogGame): string => `/art/v${ART_VERSION}/${game.slug}.svg`;

/**
 * GET /art/v{n}/{slug}.svg: the game's tile. The version in the path changes with the
 * drawing code, so the file under one URL never changes and may be cached for a year.
 */
export function registerArtRoute(app: FastifyInstance, studio: StudioName): void {
  app.get<{ Params: { file: string } }>(`/art/v${ART_VERSION}/:file`, async (request, reply) => {
    const slug = request.params.file.replace(/\.svg$/, '');
    const game = catalogOf(studio).bySlug.get(slug);
    if (!game || !request.params.file.endsWith('.svg'))
      return reply.code(404).send({ error: 'not found' });
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderArt(game));
  });
}
