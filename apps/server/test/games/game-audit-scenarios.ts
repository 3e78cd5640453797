import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { StaffApp } from '../staff/staff-helpers';

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * The audit log test's scenarios of the games switches (decision 086), as the admin; `app`
 * is read when a scenario runs (the test builds its app in beforeAll).
 */
export function gameScenarios(app: () => StaffApp, call: Call) {
  return {
    'games.providers.switch': async () => {
      const res = await call('PUT', '/api/operator/games/providers/gbgames', {
        disabled: true,
        reason: 'outage',
      });
      return { status: res.statusCode, body: res.body };
    },
    'games.switch': async () => {
      const t = app();
      await t.app.gameCatalog.sync.syncAll();
      const { rows } = await t.db.execute<{ id: string }>(sql`select id from games limit 1`);
      const res = await call('PUT', `/api/operator/games/${rows[0]?.id}`, {
        disabled: true,
        reason: 'licence paused',
      });
      return { status: res.statusCode, body: res.body };
    },
    'games.lobby.game': async () => {
      const t = app();
      await t.app.gameCatalog.sync.syncAll();
      const { rows } = await t.db.execute<{ id: string }>(sql`select id from games limit 1`);
      const res = await call('PUT', `/api/operator/games/${rows[0]?.id}/lobby`, {
        mark: 'hot',
        countries: ['RU'],
        reason: 'campaign',
      });
      return { status: res.statusCode, body: res.body };
    },
    'games.lobby.pins': async () => {
      const t = app();
      await t.app.gameCatalog.sync.syncAll();
      const { rows } = await t.db.execute<{ id: string }>(sql`select id from games limit 2`);
      const res = await call('PUT', '/api/operator/games/lobby/pins/top', {
        game_ids: rows.map((row) => row.id),
        reason: 'promotion',
      });
      return { status: res.statusCode, body: res.body };
    },
    'games.lobby.sections': async () => {
      const res = await call('PUT', '/api/operator/games/lobby/sections', {
        sections: ['top', 'banners', 'recent'],
        reason: 'games first',
      });
      return { status: res.statusCode, body: res.body };
    },
  };
}
