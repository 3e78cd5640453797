import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { StartupError } from '../../src/lib/errors';
import { createLogger } from '../../src/lib/logger';
import { createLogMailer } from '../../src/lib/mail/log-mailer';
import { buildTestApp, type TestApp } from '../helpers/test-app';

// Big enough to pass the compression threshold (1 KiB).
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const appJs = `console.log(${JSON.stringify('x'.repeat(2000))});`;

async function makeWebDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'casino-web-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), indexHtml);
  await writeFile(join(dir, 'assets', 'app-abc123.js'), appJs);
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

// What the web build writes beside a file (apps/web/vite-plugins.ts): a Brotli copy.
const precompressedJs = `console.log(${JSON.stringify('y'.repeat(2000))});`;
async function addPrecompressed(dir: string): Promise<void> {
  await writeFile(join(dir, 'assets', 'pre-abc123.js'), precompressedJs);
  await writeFile(join(dir, 'assets', 'pre-abc123.js.br'), brotliCompressSync(precompressedJs));
}

describe('serving the web app in production', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await makeWebDist();
    await addPrecompressed(webDist);
    t = await buildTestApp({
      env: { NODE_ENV: 'production', WEB_DIST_DIR: webDist, API_DOCS: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/profile/balance', '/casino?sort=new', '/search/anything/deep', '/casino/'])(
    'answers the client route %s with index.html, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
    },
  );

  it.each(['/anything/deep', '/nope', '/profile/unknown', '/casino/extra?x=1'])(
    'answers %s, outside the route table, with 404 and the page (the SPA shows "not found")',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
    },
  );

  it("sends the build's Brotli copy of a file as it is, cached as the file", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(precompressedJs);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/pre-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(precompressedJs);
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(appJs);
  });

  it('gives other static files a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("sends a page's scripts without the document-only headers, but nosniff; a picture keeps them", async () => {
    for (const url of ['/assets/app-abc123.js', '/assets/pre-abc123.js']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
      // The ETag validates it; no Last-Modified beside it.
      expect(res.headers['etag']).toBeDefined();
      expect(res.headers['last-modified']).toBeUndefined();
    }
    // An SVG can be opened as a document (and run its own scripts): it keeps the policy.
    const svg = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('compresses with gzip or brotli as the client accepts', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/profile',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(indexHtml);

    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(appJs);
  });

  it('keeps answering unknown /api routes with the JSON 404', async () => {
    for (const url of ['/api/unknown', '/api', '/api/deep/route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers a missing file with 404, not with index.html', async () => {
    for (const url of ['/assets/app-old999.js', '/robots.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('does not answer non-GET requests to client routes with the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/profile', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('still serves the API and its documentation', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('start-up checks', () => {
  it('refuses production mode without a built web app and says to build it', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'casino-no-dist-'));
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: empty });
    const logger = createLogger(config);
    try {
      // The check comes before any database use, so no database is needed here.
      const build = buildApp({
        config,
        logger,
        db: {} as DatabaseConnection,
        clock: systemClock,
        mailer: createLogMailer(logger),
      });
      await expect(build).rejects.toThrow(StartupError);
      await expect(build).rejects.toThrow(/not built[\s\S]*npm run build/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('serves only /api in development', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'development', WEB_DIST_DIR: '/nowhere' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/profile/balance' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      await t.close();
    }
  });
});

// A page like the web build's (apps/web/index.html, decision 057): <html> with the default
// language, the home page's boot content between its markers, and the route list beside it.
const templateHtml = `<!doctype html><html lang="ru"><head><title>Orbita</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"><div class="boot-header"></div><!-- boot:home --><div class="boot-home">banner</div><!-- /boot:home --></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const routePreloads = {
  routes: [
    { path: '^/$', tags: '<link rel="modulepreload" crossorigin href="/assets/home.js">' },
    {
      path: '^/casino$',
      tags: '<link rel="modulepreload" crossorigin href="/assets/casino.js">',
      guestTags: '<link rel="preload" as="fetch" crossorigin href="/api/total/games?page=1">',
    },
  ],
  texts: {
    en: '<link rel="modulepreload" crossorigin href="/assets/en.js">',
    ru: '<link rel="modulepreload" crossorigin href="/assets/ru.js">',
  },
};

describe('the page the server writes for a route (decision 057)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'casino-web-page-'));
    await writeFile(join(webDist, 'index.html'), templateHtml);
    await writeFile(join(webDist, 'route-preloads.json'), JSON.stringify(routePreloads));
    t = await buildTestApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];

  it('keeps the boot banner and the home preloads on the home page only', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(htmlTag(home.body)).toBe('<html lang="ru" data-page="home">');
    expect(home.body).toContain('<div class="boot-home">banner</div>');
    expect(home.body).toContain(
      'href="/assets/home.js"><link rel="modulepreload" crossorigin href="/assets/ru.js"></head>',
    );

    for (const url of ['/casino', '/casino/', '/casino?tab=top']) {
      const casino = await get(url);
      expect(htmlTag(casino.body)).toBe('<html lang="ru">');
      expect(casino.body).not.toContain('boot-home');
      expect(casino.body).not.toContain('boot:home');
      expect(casino.body).toContain('href="/assets/casino.js">');
      expect(casino.body).not.toContain('home.js');
    }

    // A page without a route of its own gets neither the texts nor another page's code.
    const profile = await get('/profile');
    expect(profile.body).not.toContain('modulepreload');
  });

  it('writes the saved theme and language from their cookies', async () => {
    const res = await get('/casino', { cookie: 'other=1; theme=light; lang=en' });
    expect(htmlTag(res.body)).toBe('<html lang="en" class="light" style="color-scheme:light">');
    expect(res.body).toContain('href="/assets/en.js"');
    expect(res.body).not.toContain('href="/assets/ru.js"');
    expect(res.headers.vary).toMatch(/\bcookie\b/i);
  });

  it('keeps each written page apart: theme, language and session, in any order', async () => {
    for (const [cookie, theme, lang] of [
      ['theme=dark; lang=ru', 'dark', 'ru'],
      ['theme=light; lang=en', 'light', 'en'],
      ['theme=dark; lang=ru', 'dark', 'ru'],
      ['lang=en', null, 'en'],
    ] as const) {
      const res = await get('/pragmatic', { cookie });
      expect(res.body).toContain(`lang="${lang}"`);
      if (theme) expect(res.body).toContain(`class="${theme}"`);
      else expect(res.body).not.toMatch(/<html[^>]*class=/);
    }
    const guest = await get('/casino');
    const player = await get('/casino', { cookie: 'has_session=1' });
    expect(guest.body).not.toBe(player.body);
    expect(guest.headers.etag).not.toBe(player.headers.etag);
    expect((await get('/casino')).body).toBe(guest.body);
  });

  it('writes nothing a request sends but the known values', async () => {
    for (const cookie of [
      'theme="><script>alert(1)</script>; lang=de',
      'theme=%22%3E%3Cscript%3E; lang=%E0%A4%A',
      'theme=; lang=',
      'themes=light; xlang=en',
    ]) {
      const res = await get('/', { cookie });
      expect(htmlTag(res.body)).toBe('<html lang="ru" data-page="home">');
      expect(res.body).not.toContain('<script>');
    }
  });

  it('preloads the first API answers for a guest only, after the code', async () => {
    const guest = await get('/casino');
    // The code is the longer download and the answers are read once it has run (decision 059).
    expect(guest.body).toContain(
      'href="/assets/casino.js"><link rel="modulepreload" crossorigin href="/assets/ru.js"><link rel="preload" as="fetch" crossorigin href="/api/total/games?page=1"></head>',
    );
    // A browser that keeps a session asks with a token: a guest's answer would go unused.
    const player = await get('/casino', { cookie: 'has_session=1' });
    expect(player.body).not.toContain('as="fetch"');
    expect(player.body).toContain('href="/assets/casino.js"');
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/casino', { cookie: 'theme=dark' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/casino', { cookie: 'theme=dark', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another theme is another page.
    const light = await get('/casino', { cookie: 'theme=light', 'if-none-match': String(etag) });
    expect(light.statusCode).toBe(200);
    expect(light.headers.etag).not.toBe(etag);
  });

  // Compressed once per page at Brotli's highest quality, not per response at the compress
  // plugin's quality 4: the home page fits a new connection's first round trip (decision 059).
  it('sends the page compressed at the highest settings, each form with its own ETag', async () => {
    const plain = await get('/casino', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/\bcookie\b/i);
    expect(plain.headers.vary).toMatch(/\baccept-encoding\b/i);

    const br = await get('/casino', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/\baccept-encoding\b/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const quality4 = brotliCompressSync(plain.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(br.rawPayload.length).toBeLessThanOrEqual(quality4.length);

    const gzip = await get('/casino', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etags = new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]);
    expect(etags.size).toBe(3);
    const again = await get('/casino', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // The plain page's ETag does not validate the compressed form.
    const other = await get('/casino', {
      'accept-encoding': 'br',
      'if-none-match': String(plain.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('answers a path outside the route table with 404 and the page without the home banner', async () => {
    const res = await get('/nope');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('boot-home');
  });
});
