import type { GamePage, LaunchResponse, ProviderSlug } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer, freePort } from '../helpers/games';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * The quick start opened at an address other than localhost (issue 25): `npm start` at
 * http://127.0.0.1:3000 showed every tile as a broken image, because without PUBLIC_URL the
 * studios' art and game pages pointed at http://localhost:PORT, which the page's CSP refuses.
 * Here the server runs without PUBLIC_URL and is reached at 127.0.0.1 only: every image and
 * game page the lobby hands out must load there under the page's own CSP.
 */
let t: TestApp;
let site: string;
let csp: Map<string, string[]>;

const launchPath: Record<ProviderSlug, (gameId: string) => string> = {
  endorphina: (id) => `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(id)}`,
  pragmatic: (id) => `/api/pragmatic/user-auth/en/${encodeURIComponent(id)}`,
  gbgames: (id) => `/api/provider2-game/launch?gameId=${encodeURIComponent(id)}`,
};
const providers = Object.keys(launchPath) as ProviderSlug[];

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ env: { HOST: '127.0.0.1', PORT: String(port) } });
  expect(t.config.publicUrl).toBeUndefined();
  await t.app.gameCatalog.scheduler.start();
  await t.app.listen({ port, host: '127.0.0.1' });
  const header = (await fetch(`${site}/api/health`)).headers.get('content-security-policy') ?? '';
  csp = new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** Whether a page at `site` may load `link` under the CSP directive (as Chromium decides). */
function allowed(directive: 'img-src' | 'frame-src', link: string): boolean {
  const sources = csp.get(directive) ?? csp.get('default-src') ?? [];
  const url = new URL(link, site);
  if (url.origin === new URL(site).origin) return sources.includes("'self'");
  if (url.protocol === 'https:' && sources.includes('https:')) return true;
  return sources.includes(url.origin);
}

async function gamesOf(provider: ProviderSlug) {
  const res = await fetch(`${site}/api/total/games?provider=${provider}&limit=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as GamePage).data;
}

/** Opens a launch link as the game frame would: every hop allowed, ending on the game page. */
async function openInFrame(link: string): Promise<string> {
  let next = link;
  for (let hop = 0; hop < 5; hop++) {
    expect(allowed('frame-src', next), `frame-src refuses ${next}`).toBe(true);
    const res = await fetch(new URL(next, site), { redirect: 'manual' });
    if (res.status !== 302) {
      expect(res.status, next).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      return next;
    }
    next = new URL(res.headers.get('location') ?? '', new URL(next, site)).toString();
  }
  throw new Error(`too many redirects from ${link}`);
}

describe('the site without PUBLIC_URL, opened at 127.0.0.1', () => {
  it.each(providers)('%s: every tile’s art loads under the page’s CSP', async (provider) => {
    const games = await gamesOf(provider);
    expect(games.length).toBeGreaterThan(10);
    for (const game of games) {
      expect(allowed('img-src', game.image), `img-src refuses ${game.image}`).toBe(true);
    }
    const art = await fetch(new URL(games[0]!.image, site));
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toMatch(/^image\//);
  });

  it.each(providers)('%s: a demo and a real-money game open in the frame', async (provider) => {
    const games = await gamesOf(provider);
    const demo = games.find((g) => g.demo_url !== null);
    if (demo) {
      const res = await fetch(`${site}${launchPath[provider](demo.gameId)}`);
      const { url, mode } = (await res.json()) as LaunchResponse;
      expect(mode).toBe('demo');
      await openInFrame(url);
    }
    const player = await createTestPlayer(t.db, systemClock, 1_000_000n);
    const real = games.find((g) => g.real_url !== null)!;
    const res = await fetch(`${site}${launchPath[provider](real.gameId)}`, {
      headers: player.authorization,
    });
    expect(res.status).toBe(200);
    const { url, mode } = (await res.json()) as LaunchResponse;
    expect(mode).toBe('real');
    const page = await openInFrame(url);
    // The game's way back leads to this site's lobby, at this address.
    const html = await (await fetch(new URL(page, site))).text();
    expect(html).not.toContain('localhost');
  });
});
