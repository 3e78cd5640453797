import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
// This package's folder, from this file's address.
const webDir = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /\/src\/first-download\.test\.ts$/,
  '',
);

/**
 * Issue 16's budget, checked on a production build rather than timed: the JavaScript a guest's
 * phone downloads for the home page, compressed as the server sends it (the build's Brotli
 * copies), is at most 120 KB (decision 056). Counted: the head script (theme and language), the entry and its preloads, the home page's chunks the server preloads with the
 * page (decision 057), the lobby texts of the default language, and every chunk those import
 * statically.
 */
describe('the home page’s first download', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'web-first-download-'));
    await run(
      process.execPath,
      [
        join(webDir, '../../node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      {
        cwd: webDir,
        // Vitest runs with NODE_ENV=test, which would give the libraries' development builds.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  }, 180_000);
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('is at most 120 KB of JavaScript, compressed', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const fromHtml = [
      ...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/(assets\/[^"]+\.js)"/g),
    ].map((match) => match[1] ?? '');
    const head = fromHtml.find((file) => file.includes('theme-boot-'));
    expect(head).toBeDefined();
    // What the server writes into the home page (decision 057): the route's tags and the
    // lobby texts' tag per language, from the list the build writes beside index.html.
    const preloads = JSON.parse(await readFile(join(outDir, 'route-preloads.json'), 'utf8')) as {
      routes: { path: string; tags: string }[];
      texts: Record<string, string>;
    };
    const modulePreloads = (tags = '') =>
      [...tags.matchAll(/rel="modulepreload"[^>]+href="\/(assets\/[^"]+\.js)"/g)].map(
        (match) => match[1] ?? '',
      );
    const home = modulePreloads(
      preloads.routes.find(({ path }) => new RegExp(path).test('/'))?.tags,
    );
    expect(home.length).toBeGreaterThan(0);
    const texts = modulePreloads(preloads.texts.ru);
    expect(texts).toHaveLength(1);

    const files = new Set<string>();
    const queue = [...fromHtml, ...home, ...texts];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (files.has(file) || file === '') continue;
      files.add(file);
      const code = await readFile(join(outDir, file), 'utf8');
      for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
        queue.push(`assets/${match[1]}`);
      }
    }
    let bytes = 0;
    for (const file of files) {
      const compressed = join(outDir, `${file}.br`);
      bytes += (await stat(compressed).catch(() => stat(join(outDir, file)))).size;
    }
    const all = await readdir(join(outDir, 'assets'));
    expect(all.some((name) => name.startsWith('home-page-'))).toBe(true);
    expect(bytes / 1024).toBeLessThanOrEqual(120);
  });

  // Issue 16: two render-blocking stylesheets held the first paint back. The entry's styles
  // are in the page; a page's own are preloaded and linked by its code (decision 047).
  it('has no stylesheet that holds the first paint back', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const blocking = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => !/\bdisabled\b/.test(tag));
    expect(blocking).toEqual([]);
    expect(html).toMatch(/<style>[^<]{1000,}/);
  });

  // One request fewer beside the page's code on a phone's six connections (decision 059).
  it('carries its icon inline instead of a file to fetch', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const icon = /<link rel="icon"[^>]*\bhref="([^"]+)"/.exec(html)?.[1];
    expect(icon).toMatch(/^data:image\/svg\+xml,<svg/);
    expect(html).not.toContain('/favicon.svg');
  });

  // What a guest's home page asks for beside its code: the banners (decision 090), the
  // sidebar's providers and the top games under the banner; the recent games below the first screen wait for the code, so
  // that a phone's connections go to the code first (decision 059).
  it('preloads only the first screen’s answers with the home page', async () => {
    const preloads = JSON.parse(await readFile(join(outDir, 'route-preloads.json'), 'utf8')) as {
      routes: { path: string; guestTags: string }[];
    };
    const home = preloads.routes.find(({ path }) => path === '^/$');
    const fetched = [...(home?.guestTags ?? '').matchAll(/as="fetch"[^>]+href="([^"]+)"/g)].map(
      (match) => (match[1] ?? '').replaceAll('&amp;', '&'),
    );
    expect(fetched).toEqual([
      '/api/banners',
      '/api/games/providers',
      '/api/total/games?currency=USD&page=1&limit=14&sort=top',
    ]);
  });

  // The sidebar loads its provider list lazily (app/layout/sidebar.tsx). Unless the page
  // preloads it, a landing page asks for it only after all its other code has run: one more
  // round trip before the largest paint (decision 059).
  it('preloads the sidebar’s provider list with every landing page', async () => {
    const preloads = JSON.parse(await readFile(join(outDir, 'route-preloads.json'), 'utf8')) as {
      routes: { path: string; tags: string }[];
    };
    const landing = preloads.routes.map(({ path }) => path);
    expect(landing).toEqual(
      expect.arrayContaining(['^/$', '^/casino$', '^/endorphina$', '^/gbgames$', '^/pragmatic$']),
    );
    const all = await readdir(join(outDir, 'assets'));
    const providerNav = all.find((name) => /^provider-nav-[\w-]+\.js$/.test(name));
    expect(providerNav).toBeDefined();
    for (const { tags } of preloads.routes) {
      expect(tags).toContain(
        `<link rel="modulepreload" crossorigin href="/assets/${providerNav}">`,
      );
    }
  });
});
