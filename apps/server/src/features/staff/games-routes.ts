import type { FastifyInstance } from 'fastify';
import { auditedRoutes } from './audit-step';
import { staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * The games and the lobby in the back office (issue 30, decision 086): `games:manage`
 * (marketing, admin) lists providers and games and switches either off or on, with a reason;
 * the audit row is written in the switch's own transaction (decision 081).
 */
export function gamesRoutes(app: FastifyInstance, s: StaffServices): void {
  const audited = auditedRoutes(app, s.clock);
  const controls = () => app.gameCatalog.controls;
  // Marks, blocked countries, pins and the home sections' order (decision 089).
  const lobby = () => app.gameCatalog.lobby;

  staffRoute(app, 'games.lobby', async (_input, reply) => reply.send(await lobby().lobby()));

  audited('games.lobby.sections', 'lobby', async ({ body }, audit, reply) =>
    reply.send(await lobby().setSections(body.sections, audit)),
  );

  audited('games.lobby.pins', 'lobby_section', async ({ params, body }, audit, reply) =>
    reply.send(await lobby().setPins(params.section, body.game_ids, audit)),
  );

  audited('games.lobby.game', 'game', async ({ params, body }, audit, reply) =>
    reply.send(
      await lobby().setGame(params.gameId, { mark: body.mark, countries: body.countries }, audit),
    ),
  );

  staffRoute(app, 'games.providers', async (_input, reply) =>
    reply.send({ data: await controls().providers() }),
  );

  audited('games.providers.switch', 'provider', async ({ params, body }, audit, reply) =>
    reply.send(await controls().switchProvider(params.provider, body.disabled, audit)),
  );

  staffRoute(app, 'games.list', async ({ query }, reply) =>
    reply.send(await controls().games(query)),
  );

  audited('games.switch', 'game', async ({ params, body }, audit, reply) =>
    reply.send(await controls().switchGame(params.gameId, body.disabled, audit)),
  );
}
