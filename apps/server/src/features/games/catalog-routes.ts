import {
  allGamesQuerySchema,
  gameMapParamsSchema,
  gameMapQuerySchema,
  gameMapSchema,
  gamePageQuerySchema,
  gamePageSchema,
  gameSchema,
  lobbyLayoutSchema,
  providerListSchema,
  providerSlugs,
  ErrorCode,
  totalGamesQuerySchema,
  type GameMap,
} from '@casino/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from './catalog-service';
import type { ResolvePlayer } from './current-player';
import { renderGeneratedTile } from './generated-tile';
import { AppError } from '../../lib/errors';
import type { OfferedProviders } from './offered-providers';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  resolvePlayer: ResolvePlayer;
  /** The providers the operator runs; a provider's own list of one that is off is a 404. */
  offered: OfferedProviders;
}

const tags = ['games'];

const notFound = () => new AppError(404, ErrorCode.NOT_FOUND, 'No such game.');

/** The game lists of SPEC §7, all answered in the contract's one game shape. */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = (
  app,
  { catalog, resolvePlayer, offered },
) => {
  /**
   * A signed-in player's country, whose blocked games the lists leave out (decision 089). A
   * guest has none: the request's own country is not known, so only the profile's counts.
   */
  const countryOf = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === undefined) return undefined;
    const player = await resolvePlayer(request, reply);
    return player ? ((await catalog.countryOf(player.id)) ?? undefined) : undefined;
  };

  app.get(
    '/api/games/lobby',
    {
      schema: {
        tags,
        summary: "The lobby's layout: the home page's sections in the order staff chose",
        response: { 200: lobbyLayoutSchema },
      },
    },
    async () => ({ sections: await catalog.homeSections() }),
  );

  app.get(
    '/api/games/providers',
    {
      schema: {
        tags,
        summary: 'The game providers this casino offers, in navigation order',
        response: { 200: providerListSchema },
      },
    },
    () => ({ data: offered.list.map((provider) => ({ provider })) }),
  );

  app.get(
    '/api/endo-game/all',
    {
      schema: {
        tags,
        summary: 'Every Endorphina game',
        querystring: allGamesQuerySchema,
        response: { 200: z.array(gameSchema) },
      },
    },
    async (request, reply) => {
      offered.require('endorphina');
      return catalog.all('endorphina', await countryOf(request, reply));
    },
  );

  app.get(
    '/api/endo-game/list',
    {
      schema: {
        tags,
        summary: 'A page of Endorphina games',
        description: '404 PROVIDER_DISABLED when the operator switched the provider off.',
        querystring: gamePageQuerySchema,
        response: { 200: gamePageSchema },
      },
    },
    async (request, reply) => {
      offered.require('endorphina');
      const country = await countryOf(request, reply);
      return catalog.page({ ...request.query, provider: 'endorphina', country });
    },
  );

  app.get(
    '/api/pragmatic/list',
    {
      schema: {
        tags,
        summary: 'A page of Pragmatic Play games (the list itself)',
        querystring: gamePageQuerySchema,
        response: { 200: z.array(gameSchema) },
      },
    },
    async (request, reply) => {
      offered.require('pragmatic');
      const country = await countryOf(request, reply);
      return (await catalog.page({ ...request.query, provider: 'pragmatic', country })).data;
    },
  );

  app.get(
    '/api/provider2-game/list/:currency/:lang',
    {
      schema: {
        tags,
        summary: 'GB Games: an object whose values are games, in display order',
        params: gameMapParamsSchema,
        querystring: gameMapQuerySchema,
        response: { 200: gameMapSchema },
      },
    },
    async (request, reply) => {
      offered.require('gbgames');
      const { page, limit } = request.query;
      const country = await countryOf(request, reply);
      const games =
        page === undefined
          ? await catalog.all('gbgames', country)
          : (await catalog.page({ provider: 'gbgames', page, limit, country })).data;
      // Keys are positions in the whole list: integer-like keys keep their numeric order in
      // every JSON parser, so the object reads back in display order.
      const offset = page === undefined ? 0 : (page - 1) * limit;
      const map: GameMap = {};
      games.forEach((game, index) => {
        map[String(offset + index)] = game;
      });
      return map;
    },
  );

  app.get(
    '/api/total/games',
    {
      schema: {
        tags,
        summary: 'The casino list: every provider, with search, filters and sorts',
        querystring: totalGamesQuerySchema,
        response: { 200: gamePageSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.provider !== undefined) offered.require(query.provider);
      // Who asks matters for "recent" and for a player's country (decision 089); a guest's
      // request (no token) skips the token check entirely.
      const player =
        request.headers.authorization !== undefined || query.sort === 'recent'
          ? await resolvePlayer(request, reply)
          : null;
      if (query.sort === 'recent') reply.header('cache-control', 'private, no-store');
      const country = player ? ((await catalog.countryOf(player.id)) ?? undefined) : undefined;
      return catalog.page({
        ...query,
        playerId: query.sort === 'recent' ? player?.id : undefined,
        country,
      });
    },
  );

  app.get(
    '/api/games/tile/:provider/:file',
    {
      schema: {
        tags,
        summary: "A game's generated artwork (SVG), for games whose provider gives none",
        params: z.object({
          provider: z.enum(providerSlugs),
          // No control characters: a NUL would reach the database and fail the query.
          file: z
            .string()
            .max(110)
            .refine((name) => ![...name].some((c) => c < ' ' || c === '\u007f'), {
              error: 'file',
            }),
        }),
      },
    },
    async (request, reply) => {
      const { provider, file } = request.params;
      offered.require(provider);
      const name = file.endsWith('.svg')
        ? await catalog.nameOf(provider, file.slice(0, -'.svg'.length))
        : undefined;
      if (name === undefined) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(renderGeneratedTile(provider, file.slice(0, -'.svg'.length), name));
    },
  );

  return Promise.resolve();
};
