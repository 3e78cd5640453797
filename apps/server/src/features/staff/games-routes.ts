import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LobbyChange, SwitchChange } from '../games';
import { changeAudit } from './audit-step';
import { staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * The games and the lobby in the back office (issue 30, decision 086): `games:manage`
 * (marketing, admin) lists providers and games and switches either off or on, with a reason;
 * the audit row is written in the switch's own transaction (decision 081).
 */
export function gamesRoutes(app: FastifyInstance, s: StaffServices): void {
  const controls = () => app.gameCatalog.controls;
  const audit = (request: FastifyRequest, action: string, kind: string, reason: string) =>
    changeAudit<SwitchChange>(s.clock, request, action, kind, reason);

  // Marks, blocked countries, pins and the home sections' order (decision 089).
  const lobby = () => app.gameCatalog.lobby;
  const lobbyAudit = (request: FastifyRequest, action: string, kind: string, reason: string) =>
    changeAudit<LobbyChange>(s.clock, request, action, kind, reason);

  staffRoute(app, 'games.lobby', async (_input, reply) => reply.send(await lobby().lobby()));

  staffRoute(app, 'games.lobby.sections', async ({ body, request }, reply) =>
    reply.send(
      await lobby().setSections(
        body.sections,
        lobbyAudit(request, 'games.lobby.sections', 'lobby', body.reason),
      ),
    ),
  );

  staffRoute(app, 'games.lobby.pins', async ({ params, body, request }, reply) =>
    reply.send(
      await lobby().setPins(
        params.section,
        body.game_ids,
        lobbyAudit(request, 'games.lobby.pins', 'lobby_section', body.reason),
      ),
    ),
  );

  staffRoute(app, 'games.lobby.game', async ({ params, body, request }, reply) =>
    reply.send(
      await lobby().setGame(
        params.gameId,
        { mark: body.mark, countries: body.countries },
        lobbyAudit(request, 'games.lobby.game', 'game', body.reason),
      ),
    ),
  );

  staffRoute(app, 'games.providers', async (_input, reply) =>
    reply.send({ data: await controls().providers() }),
  );

  staffRoute(app, 'games.providers.switch', async ({ params, body, request }, reply) =>
    reply.send(
      await controls().switchProvider(
        params.provider,
        body.disabled,
        audit(request, 'games.providers.switch', 'provider', body.reason),
      ),
    ),
  );

  staffRoute(app, 'games.list', async ({ query }, reply) =>
    reply.send(await controls().games(query)),
  );

  staffRoute(app, 'games.switch', async ({ params, body, request }, reply) =>
    reply.send(
      await controls().switchGame(
        params.gameId,
        body.disabled,
        audit(request, 'games.switch', 'game', body.reason),
      ),
    ),
  );
}
