// Web performance bench: the home page's first-download JavaScript and its DOM size.
//
//   node apps/web/bench/web-bench.mjs          build the web app, then measure
//   node apps/web/bench/web-bench.mjs --reuse  measure the existing dist/ (no build)
//   (npm run bench -w apps/web runs this, then the Lighthouse bench, lighthouse-bench.mjs)
//
// 1. Static: compressed size (as the server sends it: the build's Brotli copy) of the JavaScript the home page needs before it can render: the entry
//    script and its modulepreload links in dist/index.html, plus the home route's chunk, the
//    chunks it imports and the lobby texts of one language (loaded with it). Also the total of
//    every JavaScript file of the build.
// 2. In Chromium against the production server (node apps/server/dist/server.js, a temporary
//    DATA_DIR, a free port): the JavaScript files the home page actually downloads until the
//    network is idle, and the number of DOM elements once the game lists have rendered. When the
//    server does not serve the game lists yet, the lists are answered by the bench itself (the
//    table says so).
//
// Targets: initial JavaScript ≤ 120 KB compressed, Brotli as sent (issue 16; gzip level 9
// printed beside it, decision 056), DOM ≤ 800 elements. Exits with 1 when one fails.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { assetsDir, chromiumPath, distDir, ensureBuilt, startServer } from './support.mjs';

const targets = { initialJsKb: 120, domNodes: 800 };
const reuse = process.argv.includes('--reuse');

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
/** The bytes the server sends a browser for the file: its Brotli copy (small files have none). */
const sentSize = (file) =>
  existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(file) {
  const code = readFileSync(join(assetsDir, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    found.add(match[1]);
  }
  return found;
}

function closure(start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(file)) queue.push(next);
  }
  return seen;
}

function staticInitialJs() {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g),
  ].map((match) => match[1]);
  const jsFiles = readdirSync(assetsDir).filter((file) => file.endsWith('.js'));
  const home = jsFiles.find((file) => /^home-page-[\w-]+\.js$/.test(file));
  if (!home) throw new Error('No home-page chunk in dist/assets: is the home route lazy?');
  // The lobby texts are fetched per language next to the home chunk: count the larger one
  // (Russian, the default language). They are the en/ru chunks the first download's code
  // imports by name; other features' text chunks (named en-… too when split out) are not.
  const first = closure([...fromHtml, home]);
  const named = new Set();
  for (const file of first) {
    const code = readFileSync(join(assetsDir, file), 'utf8');
    for (const match of code.matchAll(/import\(\s*[`"']\.\/((?:en|ru)-[\w-]+\.js)[`"']\s*\)/g)) {
      named.add(match[1]);
    }
  }
  const texts = [...named]
    .sort((a, b) => gzipSize(join(assetsDir, b)) - gzipSize(join(assetsDir, a)))
    .slice(0, 1);
  if (texts.length === 0) throw new Error('No lobby texts imported by the first download');
  const files = closure([...first, ...texts]);
  const initial = [...files].reduce((sum, file) => sum + sentSize(join(assetsDir, file)), 0);
  const initialGzip = [...files].reduce((sum, file) => sum + gzipSize(join(assetsDir, file)), 0);
  const total = jsFiles.reduce((sum, file) => sum + gzipSize(join(assetsDir, file)), 0);
  return { files: [...files].sort(), initial, initialGzip, total, count: jsFiles.length };
}

/** Stand-in game lists for a server that does not serve them yet. */
function fakeGames(count, offset = 0) {
  const providers = ['endorphina', 'pragmatic', 'gbgames'];
  return Array.from({ length: count }, (_, index) => {
    const n = offset + index;
    const provider = providers[n % 3];
    return {
      id: `bench-${n}`,
      gameId: `bench-${n}`,
      name: `Bench Game ${n + 1}`,
      image: '/favicon.svg',
      type: '',
      provider,
      category: 'slots',
      tags: [],
      isNew: n % 5 === 0,
      isTop: n % 4 === 0,
      popularity: 100 - (n % 100),
      demo: true,
      real: true,
      real_url: null,
      demo_url: null,
    };
  });
}

async function mockGameLists(page) {
  await page.route('**/api/total/games**', (route) => {
    const url = new URL(route.request().url());
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const pageNo = Number(url.searchParams.get('page') ?? 1);
    return route.fulfill({
      json: {
        data: fakeGames(limit, (pageNo - 1) * limit),
        page: pageNo,
        limit,
        total: 200,
        totalPages: 10,
      },
    });
  });
}

async function measureInBrowser(baseUrl, mocked) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results = [];
  try {
    for (const viewport of [
      { name: 'desktop 1440', width: 1440, height: 900 },
      { name: 'phone 390', width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl });
      const page = await context.newPage();
      if (mocked) await mockGameLists(page);
      const scripts = new Set();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
          scripts.add(url.pathname.slice('/assets/'.length));
        }
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await page
        .locator('[data-testid="top-games-grid"] [data-testid="game-tile"]')
        .first()
        .waitFor();
      await page
        .locator('[data-testid="recent-games-grid"] [data-testid="game-tile"]')
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
      const js = [...scripts].reduce((sum, file) => sum + sentSize(join(assetsDir, file)), 0);
      results.push({ viewport: viewport.name, dom, js, files: scripts.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function main() {
  ensureBuilt(reuse);
  const stat = staticInitialJs();
  const { baseUrl, stop } = await startServer();
  let browser;
  let mocked = false;
  try {
    const probe = await fetch(`${baseUrl}/api/total/games?currency=USD&page=1&limit=1`);
    mocked = !probe.ok;
    browser = await measureInBrowser(baseUrl, mocked);
  } finally {
    stop();
  }

  const worstJs = Math.max(stat.initial, ...browser.map((row) => row.js));
  const worstDom = Math.max(...browser.map((row) => row.dom));
  const rows = [
    [
      'initial JS of / (static: entry, preloads, home chunk, texts)',
      `${kb(stat.initial)} KB`,
      `≤ ${targets.initialJsKb} KB`,
      stat.initial <= targets.initialJsKb * 1024,
    ],
    ['the same, gzip level 9 (for reference)', `${kb(stat.initialGzip)} KB`, '', null],
    ...browser.map((row) => [
      `JS downloaded by / in Chromium (${row.viewport}, ${row.files} files)`,
      `${kb(row.js)} KB`,
      `≤ ${targets.initialJsKb} KB`,
      row.js <= targets.initialJsKb * 1024,
    ]),
    ['total JS of the build (all chunks)', `${kb(stat.total)} KB`, `(${stat.count} files)`, null],
    ...browser.map((row) => [
      `DOM elements of / (${row.viewport})`,
      String(row.dom),
      `≤ ${targets.domNodes}`,
      row.dom <= targets.domNodes,
    ]),
  ];
  const width = Math.max(...rows.map((row) => row[0].length));
  console.log(
    `\nWeb bench${mocked ? ' (game lists answered by the bench: the server has no /api/total/games yet)' : ''}`,
  );
  console.log(`${'measure'.padEnd(width)}  ${'value'.padStart(9)}  ${'target'.padEnd(10)}  result`);
  for (const [label, value, target, pass] of rows) {
    const verdict = pass === null ? '' : pass ? 'pass' : 'FAIL';
    console.log(`${label.padEnd(width)}  ${value.padStart(9)}  ${target.padEnd(10)}  ${verdict}`);
  }
  console.log(`\nInitial chunks: ${stat.files.join(', ')}`);
  const ok = worstJs <= targets.initialJsKb * 1024 && worstDom <= targets.domNodes;
  console.log(ok ? '\nAll targets met.' : '\nA target was missed.');
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
