import {
  allGamesQuerySchema,
  gameMapParamsSchema,
  gameMapQuerySchema,
  gameMapSchema,
  gamePageQuerySchema,
  gamePageSchema,
  gameSchema,
  totalGamesQuerySchema,
  type GameMap,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from './catalog-service';
import type { ResolvePlayer } from './current-player';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  resolvePlayer: ResolvePlayer;
}

const tags = ['games'];

/** The game lists of SPEC §7, all answered in the contract's one game shape. */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = (
  app,
  { catalog, resolvePlayer },
) => {
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
    () => catalog.all('endorphina'),
  );

  app.get(
    '/api/endo-game/list',
    {
      schema: {
        tags,
        summary: 'A page of Endorphina games',
        querystring: gamePageQuerySchema,
        response: { 200: gamePageSchema },
      },
    },
    (request) => catalog.page({ ...request.query, provider: 'endorphina' }),
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
    async (request) => (await catalog.page({ ...request.query, provider: 'pragmatic' })).data,
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
    async (request) => {
      const { page, limit } = request.query;
      const games =
        page === undefined
          ? await catalog.all('gbgames')
          : (await catalog.page({ provider: 'gbgames', page, limit })).data;
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
      // Only "recent" depends on who asks; the other lists skip the token check entirely.
      const player = query.sort === 'recent' ? await resolvePlayer(request, reply) : null;
      if (query.sort === 'recent') reply.header('cache-control', 'private, no-store');
      return catalog.page({ ...query, playerId: player?.id });
    },
  );

  return Promise.resolve();
};
