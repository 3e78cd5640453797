import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { createPlayer, errorOf } from '../helpers/players';

/** The CSP as a map of directive → sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

describe('security headers (decision 049)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'casino-web-dist-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        WEB_DIST_DIR: webDist,
        PUBLIC_URL: 'https://casino.example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/casino', '/api/health', '/api/nowhere', '/api/user/me'])(
    '%s carries the CSP, nosniff, Referrer-Policy and frame rules',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(500);
      const csp = directives(res.headers['content-security-policy']);
      // No inline script, no eval: scripts only from the site itself.
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      // The games we launch: our own studios (same origin) and external providers' https pages.
      expect(csp.get('frame-src')).toEqual(
        expect.arrayContaining(["'self'", 'https:', 'https://casino.example.com']),
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Plain http: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('sends HSTS only when the request came over https', async () => {
    const secure = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const https = await secure.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await secure.close();
    }
  });

  it('lets the simulated studios keep their own game-page policy (frameable by operators)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/studios/endorphina/game/nope' });
    expect(res.statusCode).toBe(404);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(['*']);
    expect(csp.get('script-src')?.[0]).toMatch(/^'nonce-/);
  });

  it('hides the API docs in production unless API_DOCS=true', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    const docs = await buildTestApp({
      env: { NODE_ENV: 'production', WEB_DIST_DIR: webDist, API_DOCS: 'true' },
    });
    try {
      expect((await docs.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(
        200,
      );
    } finally {
      await docs.close();
    }
  });
});

describe('Origin check of the cookie-authenticated calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://casino.example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  function withCookie(
    method: 'POST' | 'DELETE',
    url: string,
    refreshToken: string,
    origin?: string,
  ) {
    return t.app.inject({
      method,
      url,
      headers: { host: 'casino.internal:3000', ...(origin === undefined ? {} : { origin }) },
      cookies: { refresh_token: refreshToken },
    });
  }

  it.each([
    ['POST', '/api/auth/refresh'],
    ['DELETE', '/api/auth/logout'],
  ] as const)('%s %s refuses another site with 403 in the API shape', async (method, url) => {
    const player = await createPlayer(t);
    for (const origin of ['https://evil.example', 'null', 'http://casino.example.com']) {
      const res = await withCookie(method, url, player.refreshToken, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(errorOf(res).code).toBe('FORBIDDEN');
    }
    // The session survived the forged calls: the site itself still refreshes with the cookie.
    const own = await withCookie(
      'POST',
      '/api/auth/refresh',
      player.refreshToken,
      'https://casino.example.com',
    );
    expect(own.statusCode, own.body).toBe(201);
  });

  it('accepts the origin the request was addressed to, and clients that send none', async () => {
    const player = await createPlayer(t);
    const same = await withCookie(
      'POST',
      '/api/auth/refresh',
      player.refreshToken,
      'http://casino.internal:3000',
    );
    expect(same.statusCode, same.body).toBe(201);
    const cookie = same.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';
    const none = await withCookie('DELETE', '/api/auth/logout', cookie);
    expect(none.statusCode, none.body).toBe(204);
  });
});
