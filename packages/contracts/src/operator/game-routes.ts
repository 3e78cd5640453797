import {
  staffGameParamsSchema,
  staffGameSchema,
  staffGamesQuerySchema,
  staffGamesResponseSchema,
  staffProviderParamsSchema,
  staffProviderSchema,
  staffProvidersResponseSchema,
  staffSwitchBodySchema,
} from './games';
import { route, type StaffRoute } from './route';

/** The games and the lobby (issue 30, decision 086): `games:manage`, marketing and admin. */
export const gameRoutes = {
  'games.providers': route({
    method: 'GET',
    path: '/api/operator/games/providers',
    permission: 'games:manage',
    audit: 'none',
    summary: 'The providers, each switched on or off, with their number of games',
    response: { 200: staffProvidersResponseSchema },
  }),
  'games.providers.switch': route({
    method: 'PUT',
    path: '/api/operator/games/providers/:provider',
    permission: 'games:manage',
    audit: 'change',
    summary: 'Switch a provider off (its games leave the lobby, search and launch) or on',
    params: staffProviderParamsSchema,
    body: staffSwitchBodySchema,
    response: { 200: staffProviderSchema },
  }),
  'games.list': route({
    method: 'GET',
    path: '/api/operator/games',
    permission: 'games:manage',
    audit: 'none',
    summary: 'The games of the catalog, searched and paged, with their switches',
    querystring: staffGamesQuerySchema,
    response: { 200: staffGamesResponseSchema },
  }),
  'games.switch': route({
    method: 'PUT',
    path: '/api/operator/games/:gameId',
    permission: 'games:manage',
    audit: 'change',
    summary: 'Switch one game off (it leaves the lobby, search and launch) or on',
    params: staffGameParamsSchema,
    body: staffSwitchBodySchema,
    response: { 200: staffGameSchema },
  }),
} as const satisfies Record<string, StaffRoute>;
