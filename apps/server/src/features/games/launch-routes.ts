import {
  launchQuerySchema,
  launchResponseSchema,
  pragmaticLaunchParamsSchema,
  pragmaticLaunchQuerySchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResolvePlayer } from './current-player';
import type { LaunchService } from './launch-service';

export interface LaunchRoutesOptions {
  launches: LaunchService;
  resolvePlayer: ResolvePlayer;
}

const tags = ['games'];
const description =
  'Signed in (bearer token): a real-money launch with a fresh launch token. Guest: the demo. ' +
  '401 for a guest when the game has no demo; 404 GAME_NOT_FOUND; 404 PROVIDER_DISABLED when the operator switched the provider off; 503 PROVIDER_UNAVAILABLE.';

/** The launch endpoints of SPEC §7: each answers `{url, mode}` for the browser to open. */
export const launchRoutes: FastifyPluginAsyncZod<LaunchRoutesOptions> = (
  app,
  { launches, resolvePlayer },
) => {
  // A launch URL carries a one-off token: never cached anywhere.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });

  /** Endorphina's and GB Games' launch: the game and language in the query string. */
  const queryLaunch = (url: string, summary: string, provider: 'endorphina' | 'gbgames') =>
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          description,
          querystring: launchQuerySchema,
          response: { 200: launchResponseSchema },
        },
      },
      async (request, reply) =>
        launches.launch({
          provider,
          gameRef: request.query.gameId,
          player: await resolvePlayer(request, reply),
          currency: 'USD',
          language: request.query.lang ?? 'en',
        }),
    );

  queryLaunch('/api/endo-game/launch', 'Launch an Endorphina game', 'endorphina');

  app.get(
    '/api/pragmatic/user-auth/:lang/:gameId',
    {
      schema: {
        tags,
        summary: 'Launch a Pragmatic Play game',
        description,
        params: pragmaticLaunchParamsSchema,
        querystring: pragmaticLaunchQuerySchema,
        response: { 200: launchResponseSchema },
      },
    },
    async (request, reply) =>
      launches.launch({
        provider: 'pragmatic',
        gameRef: request.params.gameId,
        player: await resolvePlayer(request, reply),
        currency: 'USD',
        language: request.params.lang,
      }),
  );

  queryLaunch('/api/provider2-game/launch', 'Launch a GB Games game', 'gbgames');
  return Promise.resolve();
};
