import type { Game, GamePage } from '@casino/contracts';
import { sql } from 'drizzle-orm';
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
 * Issue 30's lobby settings (decision 089): a game blocked in a country is neither listed,
 * found nor launched for that country's players (a guest, whose country is not known, still
 * sees it); staff's New and Hot marks are the tile's badge; pinned games head their section
 * in order; the home sections come in staff's order. Each change is audited with its reason.
 */
describe(`lobby marks, countries, pins and sections (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let marketing: StaffMember;
  let russian: TestPlayer;
  let german: TestPlayer;

  beforeAll(async () => {
    t = await buildStaffApp();
    await t.app.gameCatalog.sync.syncAll();
    marketing = await createStaff(t, ['marketing']);
    russian = await createTestPlayer(t.db, systemClock);
    german = await createTestPlayer(t.db, systemClock);
    await t.db.execute(sql`update users set country = 'RU' where id = ${russian.id}`);
    await t.db.execute(sql`update users set country = 'DE' where id = ${german.id}`);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string, who?: TestPlayer) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/total/games?${query}`,
      ...(who ? { headers: who.authorization } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GamePage>();
  };
  const ids = async (query: string, who?: TestPlayer) =>
    (await list(query, who)).data.map((g) => g.id);
  const launch = (game: Game, who: TestPlayer) =>
    t.app.inject({
      method: 'GET',
      url: `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(game.gameId)}`,
      headers: who.authorization,
    });
  const setGame = (id: string, body: unknown) =>
    asStaff(t, marketing, 'PUT', `/api/operator/games/${id}/lobby`, body);
  const auditOf = async (targetId: string) =>
    (
      await t.db.execute<{ action: string; reason: string; before: unknown; after: unknown }>(
        sql`select action, reason, before, after from staff_audit_log
            where target_id = ${targetId} order by id`,
      )
    ).rows.map((r) => [r.action, r.reason, r.before, r.after]);

  it("a game blocked in a country leaves that country's lobby, search and launch only", async () => {
    const game = (await list('provider=endorphina&limit=1')).data[0]!;
    const search = `search=${encodeURIComponent(game.name)}&limit=100`;
    expect(await ids('provider=endorphina&limit=100', russian)).toContain(game.id);

    const res = await setGame(game.id, { mark: null, countries: ['ru', 'BY'], reason: 'licence' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: game.id, mark: null, countries: ['BY', 'RU'] });

    expect(await ids('provider=endorphina&limit=100', russian)).not.toContain(game.id);
    expect(await ids(search, russian)).not.toContain(game.id);
    expect(await ids('sort=all&limit=100', russian)).not.toContain(game.id);
    expect((await launch(game, russian)).statusCode).toBe(404);
    const endo = await t.app.inject({
      method: 'GET',
      url: '/api/endo-game/list?limit=100',
      headers: russian.authorization,
    });
    expect(endo.json<GamePage>().data.map((g) => g.id)).not.toContain(game.id);
    // Another country's player and a guest (whose country is not known) still see it.
    expect(await ids('provider=endorphina&limit=100', german)).toContain(game.id);
    expect(await ids(search, german)).toContain(game.id);
    expect((await launch(game, german)).statusCode).toBe(200);
    expect(await ids('provider=endorphina&limit=100')).toContain(game.id);

    const back = await setGame(game.id, { mark: null, countries: [], reason: 'licence back' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await ids('provider=endorphina&limit=100', russian)).toContain(game.id);
    expect((await launch(game, russian)).statusCode).toBe(200);
    expect(await auditOf(game.id)).toEqual([
      [
        'games.lobby.game',
        'licence',
        { mark: null, countries: [] },
        { mark: null, countries: ['BY', 'RU'] },
      ],
      [
        'games.lobby.game',
        'licence back',
        { mark: null, countries: ['BY', 'RU'] },
        { mark: null, countries: [] },
      ],
    ]);
  });

  it("staff's Hot and New marks are the tile's one badge", async () => {
    const page = await list('sort=top&limit=2');
    const [top, other] = page.data;
    expect(top?.isTop).toBe(true);
    const hot = await setGame(top!.id, { mark: 'hot', countries: [], reason: 'campaign' });
    expect(hot.statusCode, hot.body).toBe(200);
    await setGame(other!.id, { mark: 'new', countries: [], reason: 'campaign' });

    const shown = (await list('sort=top&limit=2')).data;
    expect(shown.find((g) => g.id === top!.id)).toMatchObject({
      isHot: true,
      isTop: false,
      isNew: false,
    });
    expect(shown.find((g) => g.id === other!.id)).toMatchObject({
      isHot: false,
      isTop: false,
      isNew: true,
    });

    await setGame(top!.id, { mark: null, countries: [], reason: 'campaign over' });
    await setGame(other!.id, { mark: null, countries: [], reason: 'campaign over' });
    expect((await list('sort=top&limit=1')).data[0]).toMatchObject({ isTop: true, isHot: false });
  });

  it('pinned games head their section in order, once, and leave it when unpinned', async () => {
    const before = await list('sort=top&limit=14');
    // Two games from outside the top list: a pin shows them on top all the same.
    const { rows } = await t.db.execute<{ id: string; provider: string }>(
      sql`select id, provider from games where not is_top and enabled order by name limit 2`,
    );
    const [first, second] = rows;
    if (!first || !second) throw new Error('the catalog has two games outside the top list');
    const pin = await asStaff(t, marketing, 'PUT', '/api/operator/games/lobby/pins/top', {
      game_ids: [first.id, second.id],
      reason: 'weekend promotion',
    });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pin.json<{ games: { id: string }[] }>().games.map((g) => g.id)).toEqual([
      first.id,
      second.id,
    ]);

    const pinned = await list('sort=top&limit=14');
    expect(pinned.data.slice(0, 2).map((g) => g.id)).toEqual([first.id, second.id]);
    expect(pinned.data.slice(2).map((g) => g.id)).toEqual(
      before.data.slice(0, 12).map((g) => g.id),
    );
    expect(pinned.total).toBe(before.total + 2);
    // Paged: the games pushed off the first page open the second, none twice.
    const next = await list('sort=top&limit=14&page=2');
    expect(next.data.slice(0, 2).map((g) => g.id)).toEqual(
      before.data.slice(12, 14).map((g) => g.id),
    );
    // Another section, a search, are not pinned.
    expect((await list('sort=new&limit=2')).data.map((g) => g.id)).not.toEqual([
      first.id,
      second.id,
    ]);

    // A filtered view of a section shows the pins it matches, still first.
    const endo = await asStaff(t, marketing, 'PUT', '/api/operator/games/lobby/pins/all', {
      game_ids: [first.id],
      reason: 'feature',
    });
    expect(endo.statusCode, endo.body).toBe(200);
    const ofProvider = await list(`sort=all&provider=${first.provider}&limit=3`);
    expect(ofProvider.data[0]?.id).toBe(first.id);
    const otherProvider = first.provider === 'endorphina' ? 'pragmatic' : 'endorphina';
    expect(await ids(`sort=all&provider=${otherProvider}&limit=100`)).not.toContain(first.id);

    const lobby = await asStaff(t, marketing, 'GET', '/api/operator/games/lobby');
    expect(lobby.json()).toMatchObject({
      pins: [
        { section: 'top', games: [{ id: first.id }, { id: second.id }] },
        { section: 'new', games: [] },
        { section: 'all', games: [{ id: first.id }] },
      ],
    });

    for (const section of ['top', 'all']) {
      const unpin = await asStaff(
        t,
        marketing,
        'PUT',
        `/api/operator/games/lobby/pins/${section}`,
        {
          game_ids: [],
          reason: 'promotion over',
        },
      );
      expect(unpin.statusCode, unpin.body).toBe(200);
    }
    expect((await list('sort=top&limit=14')).data.map((g) => g.id)).toEqual(
      before.data.map((g) => g.id),
    );
    expect(await auditOf('top')).toEqual([
      [
        'games.lobby.pins',
        'weekend promotion',
        { game_ids: [] },
        { game_ids: [first.id, second.id] },
      ],
      ['games.lobby.pins', 'promotion over', { game_ids: [first.id, second.id] }, { game_ids: [] }],
    ]);
  });

  it("the home page's sections come in staff's order", async () => {
    const layout = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/games/lobby' })).json<{
        sections: string[];
      }>().sections;
    expect(await layout()).toEqual(['banners', 'top', 'recent']);
    const res = await asStaff(t, marketing, 'PUT', '/api/operator/games/lobby/sections', {
      sections: ['top', 'recent', 'banners'],
      reason: 'games first',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sections: ['top', 'recent', 'banners'] });
    expect(await layout()).toEqual(['top', 'recent', 'banners']);
    expect(await auditOf('home')).toEqual([
      [
        'games.lobby.sections',
        'games first',
        { sections: ['banners', 'top', 'recent'] },
        { sections: ['top', 'recent', 'banners'] },
      ],
    ]);
    // Every section exactly once.
    const twice = await asStaff(t, marketing, 'PUT', '/api/operator/games/lobby/sections', {
      sections: ['top', 'top', 'banners'],
      reason: 'x',
    });
    expect(twice.statusCode).toBe(400);
  });

  it('refuses support (403), a change without a reason, a bad country (400), an unknown game (404)', async () => {
    const support = await createStaff(t, ['support']);
    const game = (await list('limit=1')).data[0]!;
    const refused = await asStaff(t, support, 'PUT', `/api/operator/games/${game.id}/lobby`, {
      mark: 'hot',
      countries: [],
      reason: 'no',
    });
    expect(refused.statusCode).toBe(403);
    expect((await setGame(game.id, { mark: 'hot', countries: [] })).statusCode).toBe(400);
    expect(
      (await setGame(game.id, { mark: null, countries: ['Russia'], reason: 'x' })).statusCode,
    ).toBe(400);
    const unknown = await asStaff(t, marketing, 'PUT', '/api/operator/games/lobby/pins/top', {
      game_ids: ['00000000-0000-4000-8000-000000000000'],
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
