import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionView } from '../../src/features/auth/session-routes';
import { noGeoLookup } from '../../src/features/auth/geo-lookup';
import {
  bearer,
  createPlayer,
  errorOf,
  me,
  refreshCookie,
  type SignedInPlayer,
} from '../helpers/players';
import { writeCityMmdb } from '../helpers/mmdb';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const firefoxOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  device: string;
  place?: string;
  signed_in_at: string;
  last_used_at: string;
}

describe('sessions and devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs in with a browser's User-Agent (and its device cookie, when it has one). */
  async function signInWith(player: SignedInPlayer, userAgent: string, deviceId?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent, 'accept-language': 'en' },
      ...(deviceId ? { cookies: { device_id: deviceId } } : {}),
      payload: { email: player.email, password: player.password },
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      accessToken: res.json<{ access_token: string }>().access_token,
      refreshToken: refreshCookie(res)?.value ?? '',
      deviceId: res.cookies.find((c) => c.name === 'device_id'),
    };
  }

  const list = async (accessToken: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: bearer(accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ sessions: Listed[] }>().sessions;
  };
  const end = (accessToken: string, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${id}`,
      headers: bearer(accessToken),
    });
  const endOthers = (accessToken: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: bearer(accessToken) });

  it('lists the devices with browser, system and times, marks this one, and shows no IP', async () => {
    const player = await createPlayer(t);
    const laptop = await signInWith(player, firefoxOnWindows);
    await signInWith(player, safariOnIphone);

    const sessions = await list(laptop.accessToken);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ browser: 'Firefox 126', os: 'Windows 10', device: 'desktop' });
    expect(sessions).toContainEqual(
      expect.objectContaining({ browser: 'Safari 17', os: 'iOS 17', device: 'mobile' }),
    );
    // No geo database is configured: no place at all, and the IP never leaves.
    for (const s of sessions) {
      expect(s).not.toHaveProperty('place');
      expect(JSON.stringify(s)).not.toContain('127.0.0.1');
      expect(Date.parse(s.last_used_at)).toBeGreaterThanOrEqual(Date.parse(s.signed_in_at));
    }
  });

  it('signs one device out: its tokens stop working at once, the others go on', async () => {
    const player = await createPlayer(t);
    const laptop = await signInWith(player, firefoxOnWindows);
    const phone = await signInWith(player, safariOnIphone);
    const phoneId = (await list(phone.accessToken)).find((s) => s.current)?.id ?? '';

    const res = await end(laptop.accessToken, phoneId);
    expect(res.statusCode).toBe(204);
    expect((await me(t, phone.accessToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: phone.refreshToken },
    });
    expect(errorOf(refresh).code).toBe('SESSION_REVOKED');
    expect((await me(t, laptop.accessToken)).statusCode).toBe(200);
    expect((await list(laptop.accessToken)).map((s) => s.id)).not.toContain(phoneId);

    // Already ended, or not an id at all: 404.
    expect((await end(laptop.accessToken, phoneId)).statusCode).toBe(404);
    expect((await end(laptop.accessToken, 'not-a-session')).statusCode).toBe(404);
  });

  it('signs out everywhere else, keeping this device', async () => {
    const player = await createPlayer(t);
    const laptop = await signInWith(player, firefoxOnWindows);
    const phone = await signInWith(player, safariOnIphone);
    const res = await endOthers(laptop.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me(t, phone.accessToken)).statusCode).toBe(401);
    expect((await me(t, player.accessToken)).statusCode).toBe(401);
    expect((await me(t, laptop.accessToken)).statusCode).toBe(200);
    expect(await list(laptop.accessToken)).toHaveLength(1);
  });

  it("player B can neither see nor end player A's sessions", async () => {
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    const aSessions = await list(a.accessToken);
    const aId = aSessions[0]?.id ?? '';
    const bList = await list(b.accessToken);
    expect(bList.map((s) => s.id)).not.toContain(aId);

    const res = await end(b.accessToken, aId);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
    await endOthers(b.accessToken);
    expect((await me(t, a.accessToken)).statusCode).toBe(200);
  });

  describe('e-mail notice of a sign-in from a new browser', () => {
    const noticesTo = (email: string) =>
      t.outbox.filter((m) => m.to === email && m.subject.includes('new sign-in'));

    it('is sent for a browser the account never used, not again for that browser', async () => {
      const player = await createPlayer(t);
      // Registration's own browser is recorded without a notice.
      expect(noticesTo(player.email)).toHaveLength(0);

      const first = await signInWith(player, firefoxOnWindows);
      await t.app.auth.background.settle();
      const notices = noticesTo(player.email);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.subject).toBe('Orbita: new sign-in to your account');
      expect(notices[0]?.text).toContain('Firefox 126, Windows 10');
      expect(notices[0]?.text).toContain('Forgot password?');

      // The device cookie: httpOnly, sent to the auth routes only, kept for 400 days.
      const cookie = first.deviceId;
      expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
      expect(cookie?.maxAge).toBe(400 * 24 * 60 * 60);

      await signInWith(player, firefoxOnWindows, cookie?.value);
      await t.app.auth.background.settle();
      expect(noticesTo(player.email)).toHaveLength(1);

      // The same cookie means nothing to another account: that player is told.
      const other = await createPlayer(t);
      await signInWith(other, firefoxOnWindows, cookie?.value);
      await t.app.auth.background.settle();
      expect(noticesTo(other.email)).toHaveLength(1);
    });
  });
});

describe('session view', () => {
  const row = {
    id: '00000000-0000-4000-8000-000000000001',
    createdAt: new Date('2026-01-01T10:00:00Z'),
    lastUsedAt: new Date('2026-01-01T11:00:00Z'),
    userAgent: null,
    ip: '203.0.113.7',
  };

  it('names the place only when a geo database answers', () => {
    const geo = { place: (ip: string | null | undefined) => (ip ? 'Lisbon, Portugal' : undefined) };
    expect(sessionView(row, row.id, geo)).toEqual({
      id: row.id,
      current: true,
      browser: null,
      os: null,
      device: 'unknown',
      place: 'Lisbon, Portugal',
      signed_in_at: '2026-01-01T10:00:00.000Z',
      last_used_at: '2026-01-01T11:00:00.000Z',
    });
    expect(sessionView(row, 'other', noGeoLookup)).not.toHaveProperty('place');
  });
});

describe('places from a local geo database (GEOIP_DB_PATH)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geo-'));
    const path = join(dir, 'city.mmdb');
    await writeFile(path, writeCityMmdb('203.0.113.0', 24, 'Lisbon', 'Portugal'));
    t = await buildTestApp({ env: { GEOIP_DB_PATH: path } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows the place of a sign-in in the list and in the new-device e-mail', async () => {
    const player = await createPlayer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': firefoxOnWindows },
      payload: { email: player.email, password: player.password },
    });
    expect(res.statusCode).toBe(201);
    const token = res.json<{ access_token: string }>().access_token;
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user/sessions',
      headers: bearer(token),
    });
    const sessions = listed.json<{ sessions: Listed[] }>().sessions;
    expect(sessions.find((s) => s.current)?.place).toBe('Lisbon, Portugal');
    // Registration came from 127.0.0.1, which the database does not know: no place.
    expect(sessions.find((s) => !s.current)).not.toHaveProperty('place');

    await t.app.auth.background.settle();
    const notice = t.outbox.filter((m) => m.to === player.email).at(-1);
    // The mail is in the default language (Russian); place names come in English.
    expect(notice?.text).toContain('рядом с Lisbon, Portugal');
  });
});
