import type { GamePage } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer, type TestPlayer } from '../helpers/games';
import { testDatabaseDriver } from '../helpers/test-database';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from '../staff/staff-helpers';

/**
 * Issue 30's switches (decision 086): a game or a provider switched off by marketing leaves
 * the lobby, search and launch at once, comes back when switched on, and each switch is an
 * audit row with its reason.
 */
describe(`staff switches of games and providers (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let marketing: StaffMember;
  let player: TestPlayer;

  beforeAll(async () => {
    t = await buildStaffApp();
    await t.app.gameCatalog.sync.syncAll();
    marketing = await createStaff(t, ['marketing']);
    player = await createTestPlayer(t.db, systemClock);
  });
  afterAll(async () => {
    await t.close();
  });

  const lobby = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/total/games?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GamePage>();
  };
  const launch = (gameId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(gameId)}`,
      headers: player.authorization,
    });

  it('a game switched off leaves the lobby, search and launch; switched on, it is back', async () => {
    const game = (await lobby('provider=endorphina&limit=1')).data[0]!;
    const listed = await asStaff(
      t,
      marketing,
      'GET',
      `/api/operator/games?q=${encodeURIComponent(game.name)}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: { id: string; disabled: boolean }[] }>().data).toContainEqual(
      expect.objectContaining({ id: game.id, disabled: false }),
    );

    const off = await asStaff(t, marketing, 'PUT', `/api/operator/games/${game.id}`, {
      disabled: true,
      reason: 'licence paused',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: game.id, disabled: true, listed: true });
    const ids = async (query: string) => (await lobby(query)).data.map((g) => g.id);
    expect(await ids('provider=endorphina&limit=100')).not.toContain(game.id);
    expect(await ids(`search=${encodeURIComponent(game.name)}&limit=100`)).not.toContain(game.id);
    expect((await launch(game.gameId)).statusCode).toBe(404);

    const on = await asStaff(t, marketing, 'PUT', `/api/operator/games/${game.id}`, {
      disabled: false,
      reason: 'licence back',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await ids('provider=endorphina&limit=100')).toContain(game.id);
    expect((await launch(game.gameId)).statusCode).toBe(200);

    const { rows } = await t.db.execute<{ action: string; reason: string; after: unknown }>(
      `select action, reason, after from staff_audit_log where target_id = '${game.id}' order by id`,
    );
    expect(rows.map((r) => [r.action, r.reason, r.after])).toEqual([
      ['games.switch', 'licence paused', { disabled: true }],
      ['games.switch', 'licence back', { disabled: false }],
    ]);
  });

  it('a provider switched off takes all its games out; a sync does not bring them back', async () => {
    const off = await asStaff(t, marketing, 'PUT', '/api/operator/games/providers/endorphina', {
      disabled: true,
      reason: 'provider outage',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ provider: 'endorphina', disabled: true });
    await t.app.gameCatalog.sync.syncAll();
    expect((await lobby('provider=endorphina')).total).toBe(0);
    expect((await lobby('limit=100')).data.some((g) => g.provider === 'endorphina')).toBe(false);
    const providers = await asStaff(t, marketing, 'GET', '/api/operator/games/providers');
    expect(providers.json<{ data: unknown[] }>().data).toContainEqual(
      expect.objectContaining({ provider: 'endorphina', disabled: true }),
    );

    await asStaff(t, marketing, 'PUT', '/api/operator/games/providers/endorphina', {
      disabled: false,
      reason: 'back',
    });
    expect((await lobby('provider=endorphina')).total).toBeGreaterThan(0);
  });

  it('support may not switch anything (403), and a switch needs a reason (400)', async () => {
    const support = await createStaff(t, ['support']);
    const refused = await asStaff(t, support, 'PUT', '/api/operator/games/providers/pragmatic', {
      disabled: true,
      reason: 'no',
    });
    expect(refused.statusCode).toBe(403);
    const bare = await asStaff(t, marketing, 'PUT', '/api/operator/games/providers/pragmatic', {
      disabled: true,
    });
    expect(bare.statusCode).toBe(400);
  });
});
