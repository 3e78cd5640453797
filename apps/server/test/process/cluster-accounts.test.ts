import { randomBytes } from 'node:crypto';
import type { GamePage } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema';
import { multipart, solid } from '../helpers/images';
import { bearer, createPlayer, login, me, refreshCookie } from '../helpers/players';
import { clusterUnderTest } from './cluster-under-test';

const c = clusterUnderTest();

describe('sessions across instances', () => {
  it('login on A, use on B, refresh on B, logout on A ends it on B', async () => {
    const player = await createPlayer(c.a.t);
    const signedIn = await login(c.a.t, player.email, player.password);
    expect(signedIn.statusCode).toBe(201);
    const access = signedIn.json<{ access_token: string }>().access_token;
    const refresh = refreshCookie(signedIn)!.value;

    expect((await me(c.b.t, access)).json()).toMatchObject({ id: player.id });
    const renewed = await c.b.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: refresh },
    });
    expect(renewed.statusCode).toBe(201);
    const newAccess = renewed.json<{ access_token: string }>().access_token;
    const newRefresh = refreshCookie(renewed)!.value;
    expect((await me(c.a.t, newAccess)).statusCode).toBe(200);

    const out = await c.a.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(newAccess),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(c.b.t, newAccess)).statusCode).toBe(401);
    const after = await c.b.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: newRefresh },
    });
    expect(after.statusCode).toBe(401);
  });

  it('the login throttle counts over both: 12 parallel wrong passwords get 5 checks', async () => {
    const player = await createPlayer(c.a.t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(i % 2 === 0 ? c.a.t : c.b.t, player.email, 'wrong guess!', '10.170.0.1'),
      ),
    );
    const counts: Record<number, number> = {};
    for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 401: 5, 429: 7 });
    // The right password is refused on either instance now.
    expect((await login(c.b.t, player.email, player.password, '10.170.0.1')).statusCode).toBe(429);
  });
});

describe('avatars across instances', () => {
  it('a picture uploaded on A is served by B, from the database', async () => {
    const player = await createPlayer(c.a.t);
    const body = await multipart([
      { name: 'file', content: await solid(300, 300).png().toBuffer(), filename: 'me.png' },
    ]);
    const uploaded = await c.a.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: { ...bearer(player.accessToken), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json<{ avatar: string }>().avatar;
    const onA = await fetch(`${c.a.base}${url}`);
    const onB = await fetch(`${c.b.base}${url}`);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/webp');
    expect(onB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await onB.arrayBuffer())).toEqual(Buffer.from(await onA.arrayBuffer()));
  });
});

describe('the catalog cache across instances', () => {
  it("B's cached page follows a change written through A at once, not 30 s later", async () => {
    const path = '/api/total/games?provider=gbgames&limit=5';
    const first = ((await (await fetch(`${c.b.base}${path}`)).json()) as GamePage).data[0]!;
    const renamed = `Renamed ${randomBytes(3).toString('hex')}`;
    await c.a.t.db.update(games).set({ name: renamed }).where(eq(games.id, first.id));
    await expect
      .poll(
        async () => ((await (await fetch(`${c.b.base}${path}`)).json()) as GamePage).data[0]?.name,
        { timeout: 3_000, interval: 100 },
      )
      .toBe(renamed);
  });
});
