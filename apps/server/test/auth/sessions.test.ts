import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRefreshToken } from '../../src/features/auth/token-service';
import { fixedClock } from '../../src/lib/clock';
import { bearer, createPlayer, errorOf, me, refreshCookie, signIn } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { testDatabaseDriver } from '../helpers/test-database';

const day = 24 * 60 * 60_000;

describe('sessions: refresh and logout', () => {
  const clock = fixedClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const refreshWithCookie = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: token } });
  const refreshWithBody = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { token } });
  const logout = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'DELETE', url: '/api/auth/logout', headers, cookies });

  describe('POST /api/auth/refresh', () => {
    it('rotates: a new cookie and a new access token, 201, same shape as login', async () => {
      const player = await createPlayer(t);
      clock.advance(60_000);
      const res = await refreshWithCookie(player.refreshToken);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        access_token: expect.any(String) as string,
        token_type: 'Bearer',
        expires_in: 900,
      });
      const cookie = refreshCookie(res);
      expect(cookie?.value).not.toBe(player.refreshToken);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      // Max-Age counts down the absolute lifetime; a refresh does not extend it.
      expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60 - 60);
      const access = res.json<{ access_token: string }>().access_token;
      expect((await me(t, access)).statusCode).toBe(200);
    });

    it('works once: the rotated token revokes its whole family, the newest token too', async () => {
      const player = await createPlayer(t);
      const first = await refreshWithCookie(player.refreshToken);
      const newest = refreshCookie(first)?.value ?? '';
      const newestAccess = first.json<{ access_token: string }>().access_token;

      // Past the 10 s in which a second use is taken for the same client racing itself.
      clock.advance(10_001);
      const replay = await refreshWithCookie(player.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(errorOf(replay).code).toBe('SESSION_REVOKED');
      expect(refreshCookie(replay)).toMatchObject({ value: '', maxAge: 0 });

      const afterReplay = await refreshWithCookie(newest);
      expect(afterReplay.statusCode).toBe(401);
      expect(errorOf(afterReplay).code).toBe('SESSION_REVOKED');
      // The access tokens of the family are refused at once, not only after they expire.
      expect((await me(t, newestAccess)).statusCode).toBe(401);
      expect((await me(t, player.accessToken)).statusCode).toBe(401);
    });

    it('gives a second use within 10 s the same successor and a new access token (two tabs)', async () => {
      const player = await createPlayer(t);
      const first = await refreshWithCookie(player.refreshToken);
      expect(first.statusCode).toBe(201);
      const successor = refreshCookie(first)?.value;

      clock.advance(10_000);
      const second = await refreshWithCookie(player.refreshToken);
      expect(second.statusCode).toBe(201);
      expect(refreshCookie(second)).toMatchObject({
        value: successor,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
      });
      const access = second.json<{ access_token: string }>().access_token;
      expect((await me(t, access)).statusCode).toBe(200);
      expect((await me(t, first.json<{ access_token: string }>().access_token)).statusCode).toBe(
        200,
      );

      // The successor works once, as any token: the session goes on from it.
      const next = await refreshWithCookie(successor ?? '');
      expect(next.statusCode).toBe(201);
      expect(refreshCookie(next)?.value).not.toBe(successor);
      expect((await me(t, next.json<{ access_token: string }>().access_token)).statusCode).toBe(
        200,
      );
    });

    it('decides refreshes with one token sent at once in turn: all get the same successor', async () => {
      const player = await createPlayer(t);
      const answers = await Promise.all([
        refreshWithCookie(player.refreshToken),
        refreshWithCookie(player.refreshToken),
        refreshWithBody(player.refreshToken),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      const [a, b, c] = answers;
      expect(refreshCookie(a)?.value).toBeTruthy();
      expect(refreshCookie(b)?.value).toBe(refreshCookie(a)?.value);
      expect(c.json<{ refresh_token?: string }>().refresh_token ?? refreshCookie(c)?.value).toBe(
        refreshCookie(a)?.value,
      );
    });

    it.skipIf(testDatabaseDriver() !== 'postgres')(
      'gives two refreshes that waited on the same lock the same successor (PostgreSQL)',
      async () => {
        const player = await createPlayer(t);
        // Another transaction holds the session's row, so both refreshes queue behind it and
        // then meet: the second must see the token the first rotated, not the row it first read.
        let release = () => {};
        let locked = () => {};
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const blocker = t.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from sessions s join refresh_tokens r on r.session_id = s.id
            where r.token_hash = ${hashRefreshToken(player.refreshToken)} for update of s`);
          locked();
          await new Promise<void>((resolve) => (release = resolve));
        });
        await isLocked;
        const waiting = [
          refreshWithCookie(player.refreshToken),
          refreshWithBody(player.refreshToken),
        ];
        for (let tries = 0; tries < 200; tries++) {
          const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n
            from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          if ((rows[0]?.n ?? 0) >= 2) break;
          await sleep(25);
        }
        release();
        await blocker;
        const [byCookie, byBody] = await Promise.all(waiting);
        expect([byCookie!.statusCode, byBody!.statusCode]).toEqual([201, 201]);
        const successor = refreshCookie(byCookie!)?.value;
        expect(successor).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(byBody!.json<{ refresh_token: string }>().refresh_token).toBe(successor);
        expect((await refreshWithCookie(successor ?? '')).statusCode).toBe(201);
      },
    );

    it('still ends the session for a second use after 10 s, or once the successor was used', async () => {
      const late = await createPlayer(t);
      await refreshWithCookie(late.refreshToken);
      clock.advance(10_001);
      const lateReplay = await refreshWithCookie(late.refreshToken);
      expect(lateReplay.statusCode).toBe(401);
      expect(errorOf(lateReplay).code).toBe('SESSION_REVOKED');
      expect((await me(t, late.accessToken)).statusCode).toBe(401);

      // Within the 10 s, but the successor has been used since: an older token, so a copy.
      const moved = await createPlayer(t);
      const first = await refreshWithCookie(moved.refreshToken);
      const second = await refreshWithCookie(refreshCookie(first)?.value ?? '');
      expect(second.statusCode).toBe(201);
      const replay = await refreshWithCookie(moved.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(errorOf(replay).code).toBe('SESSION_REVOKED');
      const newest = await refreshWithCookie(refreshCookie(second)?.value ?? '');
      expect(newest.statusCode).toBe(401);
      expect(errorOf(newest).code).toBe('SESSION_REVOKED');
    });

    it('leaves the player other sessions alone when one family is revoked', async () => {
      const player = await createPlayer(t);
      const second = await signIn(t, player);
      await refreshWithCookie(player.refreshToken);
      await refreshWithCookie(player.refreshToken);
      expect((await me(t, second.accessToken)).statusCode).toBe(200);
      expect((await refreshWithCookie(second.refreshToken)).statusCode).toBe(201);
    });

    it('answers REFRESH_INVALID for an unknown token or none, and clears the cookie', async () => {
      const unknown = await refreshWithCookie('x'.repeat(43));
      expect(unknown.statusCode).toBe(401);
      expect(errorOf(unknown).code).toBe('REFRESH_INVALID');
      expect(refreshCookie(unknown)).toMatchObject({ value: '', maxAge: 0, path: '/api/auth' });

      const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
      expect(none.statusCode).toBe(401);
      expect(errorOf(none).code).toBe('REFRESH_INVALID');
    });

    it('serves clients without cookies: token in the body, new token back in the body', async () => {
      const player = await createPlayer(t);
      const res = await refreshWithBody(player.refreshToken);
      expect(res.statusCode).toBe(201);
      const body = res.json<{ access_token: string; refresh_token: string }>();
      expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.refresh_token).not.toBe(player.refreshToken);
      expect(refreshCookie(res)).toBeUndefined();
      expect((await refreshWithBody(body.refresh_token)).statusCode).toBe(201);
      expect(errorOf(await refreshWithBody(player.refreshToken)).code).toBe('SESSION_REVOKED');
    });

    it('refuses a malformed body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { token: '' },
      });
      expect(res.statusCode).toBe(400);
    });

    it('ends a session left unused for the idle timeout (7 days)', async () => {
      const player = await createPlayer(t);
      clock.advance(7 * day - 1_000);
      const inTime = await refreshWithCookie(player.refreshToken);
      expect(inTime.statusCode).toBe(201);
      const next = refreshCookie(inTime)?.value ?? '';
      clock.advance(7 * day);
      const late = await refreshWithCookie(next);
      expect(late.statusCode).toBe(401);
      expect(errorOf(late).code).toBe('REFRESH_INVALID');
    });

    it('ends every session after the absolute lifetime (30 days), however active', async () => {
      const player = await createPlayer(t);
      let token = player.refreshToken;
      for (let i = 0; i < 4; i++) {
        clock.advance(6 * day);
        const res = await refreshWithCookie(token);
        expect(res.statusCode).toBe(201);
        token = refreshCookie(res)?.value ?? '';
      }
      clock.advance(6 * day);
      const late = await refreshWithCookie(token);
      expect(late.statusCode).toBe(401);
      expect(errorOf(late).code).toBe('REFRESH_INVALID');
    });

    it('lets access tokens expire after their lifetime', async () => {
      const player = await createPlayer(t);
      clock.advance(899_000);
      expect((await me(t, player.accessToken)).statusCode).toBe(200);
      clock.advance(1_000);
      const expired = await me(t, player.accessToken);
      expect(expired.statusCode).toBe(401);
      expect(errorOf(expired).code).toBe('UNAUTHORIZED');
      expect(expired.headers['www-authenticate']).toBe('Bearer');
    });
  });

  describe('DELETE /api/auth/logout', () => {
    it('revokes the session (204), clears the cookie, refuses the access token after', async () => {
      const player = await createPlayer(t);
      const res = await logout(bearer(player.accessToken));
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(refreshCookie(res)).toMatchObject({ value: '', maxAge: 0, path: '/api/auth' });
      expect((await me(t, player.accessToken)).statusCode).toBe(401);
      const refresh = await refreshWithCookie(player.refreshToken);
      expect(refresh.statusCode).toBe(401);
      expect(errorOf(refresh).code).toBe('SESSION_REVOKED');
      expect((await logout(bearer(player.accessToken))).statusCode).toBe(401);
    });

    it('accepts the refresh cookie alone (an expired access token, say)', async () => {
      const player = await createPlayer(t);
      const res = await logout({}, { refresh_token: player.refreshToken });
      expect(res.statusCode).toBe(204);
      expect((await me(t, player.accessToken)).statusCode).toBe(401);
    });

    it('answers 401 with neither a live token nor a live cookie', async () => {
      expect((await logout({})).statusCode).toBe(401);
      expect((await logout(bearer('garbage'))).statusCode).toBe(401);
      expect((await logout({}, { refresh_token: 'nope' })).statusCode).toBe(401);
    });

    it('ends only the session it is called with', async () => {
      const player = await createPlayer(t);
      const other = await signIn(t, player);
      expect((await logout(bearer(player.accessToken))).statusCode).toBe(204);
      expect((await me(t, other.accessToken)).statusCode).toBe(200);
    });
  });
});
