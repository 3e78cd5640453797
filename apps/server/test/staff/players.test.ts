import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import {
  bearer,
  createPlayer,
  login as playerLogin,
  me,
  type SignedInPlayer,
} from '../helpers/players';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from './staff-helpers';

/** The players' side: search, a player's page, block (sessions end, bets refused, no sign-in). */

interface Row {
  id: string;
  matched: string | null;
  status: string;
}

describe('players in the back office', () => {
  let t: StaffApp;
  let support: StaffMember;
  let risk: StaffMember;
  let player: SignedInPlayer;

  beforeAll(async () => {
    t = await buildStaffApp();
    support = await createStaff(t, ['support']);
    risk = await createStaff(t, ['risk']);
    player = await createPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (q: string) => {
    const res = await asStaff(
      t,
      support,
      'GET',
      `/api/operator/players?q=${encodeURIComponent(q)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Row[]; total: number }>();
  };

  it('finds a player by username, e-mail, id, IP and the last four digits of a card', async () => {
    expect((await search(player.username.toUpperCase())).data[0]).toMatchObject({
      id: player.id,
      matched: 'username',
    });
    expect((await search(player.email)).data[0]).toMatchObject({ id: player.id, matched: 'email' });
    expect((await search(player.id)).data[0]).toMatchObject({ id: player.id, matched: 'id' });
    await t.db.execute(
      sql`update sessions set ip = '203.0.113.77' where user_id = ${player.id}::uuid`,
    );
    expect((await search('203.0.113.77')).data.map((r) => r.id)).toEqual([player.id]);
    const now = new Date();
    await t.db.execute(sql`
      insert into payments (id, user_id, direction, method, provider, status, amount, currency,
        idempotency_key, request, card_brand, card_last4, created_at, updated_at)
      values (gen_random_uuid(), ${player.id}::uuid, 'deposit', 'card', 'card', 'failed', 10000,
        'USD', ${randomBytes(8).toString('hex')}, '{}'::jsonb, 'visa', '4931', ${now}, ${now})`);
    expect((await search('4931')).data).toEqual([
      expect.objectContaining({ id: player.id, matched: 'card' }),
    ]);
    // Wildcards are literal.
    expect((await search('%')).data).toEqual([]);
  });

  it("shows a player's page: status, balances, totals, sessions, notes and tags", async () => {
    const detail = await asStaff(t, support, 'GET', `/api/operator/players/${player.id}`);
    expect(detail.json()).toMatchObject({
      id: player.id,
      status: 'active',
      cash: '0.00',
      bonus: '0.00',
      identity_status: 'not_started',
      tags: [],
    });
    const sessions = await asStaff(
      t,
      support,
      'GET',
      `/api/operator/players/${player.id}/sessions`,
    );
    expect(sessions.json<{ data: { ip: string; live: boolean }[] }>().data[0]).toMatchObject({
      ip: '203.0.113.77',
      live: true,
    });
    await asStaff(t, support, 'POST', `/api/operator/players/${player.id}/notes`, {
      text: 'first',
    });
    await asStaff(t, risk, 'POST', `/api/operator/players/${player.id}/notes`, { text: 'second' });
    const notes = await asStaff(t, support, 'GET', `/api/operator/players/${player.id}/notes`);
    expect(notes.json<{ data: { text: string; author: string }[] }>().data).toEqual([
      expect.objectContaining({ text: 'second', author: risk.email }),
      expect.objectContaining({ text: 'first', author: support.email }),
    ]);
    const tags = await asStaff(t, risk, 'PUT', `/api/operator/players/${player.id}/tags`, {
      tags: ['vip', 'vip', 'bonus hunter'],
    });
    expect(tags.json()).toEqual({ tags: ['bonus hunter', 'vip'] });
  });

  it('exports the ledger as CSV, filtered, and audits the export', async () => {
    await asStaff(t, 'service', 'POST', '/api/operator/wallet/adjustments', {
      user: player.id,
      amount: '12.50',
      reason: 'csv',
      idempotencyKey: 'csv-1',
    });
    const risky = await createStaff(t, ['payments']);
    const csv = await asStaff(
      t,
      risky,
      'GET',
      `/api/operator/players/${player.id}/ledger.csv?kind=adjustment`,
    );
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,kind,amount,balance_after,currency,provider,game_id,round_id',
    );
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['12.50']);
    const audit = await t.db.execute<{ actor_id: string }>(
      sql`select actor_id from staff_audit_log where action = 'players.ledger.csv' and target_id = ${player.id}`,
    );
    expect(audit.rows.map((r) => r.actor_id)).toEqual([risky.id]);
  });

  it('block: sessions end, sign-in refused, provider bets refused with its own error; unblock', async () => {
    const game = 'gb-block';
    const gameId = (await seedGames(t.db, 'gbgames', [catalogEntry({ providerGameId: game })])).get(
      game,
    );
    const gambler = await createTestPlayer(t.db, t.clock, 50_000n);
    const token = await recordTestLaunch(t.db, t.clock, {
      provider: 'gbgames',
      gameId: gameId ?? '',
      userId: gambler.id,
      sessionId: gambler.sessionId,
    });
    const secret = t.app.gameCatalog.settings.gbgames.secret;
    const bet = async () => {
      const raw = JSON.stringify({
        type: 'bet',
        transactionId: randomBytes(12).toString('hex'),
        roundId: String(100_000_000_000_000 + Math.floor(Math.random() * 1e14)),
        token,
        playerId: gambler.id,
        gameId: game,
        currency: 'USD',
        amount: '1.00',
        timestamp: t.clock.now().toISOString(),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/game/BetResult_url',
        headers: { 'content-type': 'application/json', 'x-gb-signature': gbSignature(raw, secret) },
        payload: raw,
      });
      return { status: res.statusCode, body: res.json<{ status: string; code?: string }>() };
    };
    expect((await bet()).body.status).toBe('OK');

    const blocked = await asStaff(t, risk, 'POST', `/api/operator/players/${gambler.id}/block`, {
      reason: 'chargeback',
    });
    expect(blocked.json()).toMatchObject({ status: 'blocked', sessions_ended: 1 });
    // GB Games' own answer for a launch whose sign-in ended.
    const refused = await bet();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'ERROR', code: 'TOKEN_EXPIRED' });

    // A signed-in player: the access token stops, and signing in again is refused.
    const blockedPlayer = await createPlayer(t);
    await asStaff(t, risk, 'POST', `/api/operator/players/${blockedPlayer.id}/block`, {
      reason: 'fraud',
    });
    expect((await me(t, blockedPlayer.accessToken)).statusCode).toBe(401);
    const again = await playerLogin(t, blockedPlayer.email, blockedPlayer.password);
    expect(again.statusCode).toBe(403);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('ACCOUNT_BLOCKED');
    const row = await asStaff(t, support, 'GET', `/api/operator/players/${blockedPlayer.id}`);
    expect(row.json()).toMatchObject({
      status: 'blocked',
      block: { reason: 'fraud', blocked_by: risk.email },
    });

    await asStaff(t, risk, 'POST', `/api/operator/players/${blockedPlayer.id}/unblock`, {
      reason: 'cleared',
    });
    const back = await playerLogin(t, blockedPlayer.email, blockedPlayer.password);
    expect(back.statusCode, back.body).toBe(201);
    const token2 = back.json<{ access_token: string }>().access_token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token2) }))
        .statusCode,
    ).toBe(200);
  });

  it('the dashboard counts today and the queues', async () => {
    const res = await asStaff(t, support, 'GET', '/api/operator/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ currency: 'USD', withdrawals_waiting: 0 });
    expect(Number(body.stakes_today)).toBeGreaterThanOrEqual(1);
    expect(Number(body.ggr_today)).toBe(Number(body.stakes_today) - Number(body.wins_today));
  });
});
