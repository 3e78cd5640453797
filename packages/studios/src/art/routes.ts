import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogOf } from '../catalog/studio-catalogs';
import type { CatalogGame, StudioName } from '../catalog/types';
import { ART_VERSION, renderArt } from './render';

export const artPath = (game: CatalogGame): string => `/art/v${ART_VERSION}/${game.slug}.svg`;

/** The tile of one game, with the headers every artwork URL is served with. */
function sendArt(reply: FastifyReply, game: CatalogGame, maxAgeSeconds: number): FastifyReply {
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header(
      'cache-control',
      `public, max-age=${maxAgeSeconds}${maxAgeSeconds >= 31_536_000 ? ', immutable' : ''}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(renderArt(game));
}

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
    return sendArt(reply, game, 31_536_000);
  });
}

/**
 * GET /game_pic/square/200/{gameID}.png: Pragmatic's artwork URL, built by operators from the
 * game id on the provider's image host. The studio answers it with the same tile (SVG, by its
 * content type: browsers go by that, not by the name), cached for a day since the URL carries
 * no version.
 */
export function registerGamePicRoute(app: FastifyInstance, studio: StudioName): void {
  app.get<{ Params: { file: string } }>('/game_pic/square/200/:file', async (request, reply) => {
    const game = catalogOf(studio).byId.get(request.params.file.replace(/\.png$/, ''));
    if (!game || !request.params.file.endsWith('.png'))
      return reply.code(404).send({ error: 'not found' });
    return sendArt(reply, game, 86_400);
  });
}
