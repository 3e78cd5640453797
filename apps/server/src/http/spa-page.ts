import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultLanguage, languages, pageCookies, themes } from '@casino/contracts';

/**
 * What the web build lists beside index.html (apps/web/vite-plugins.ts, route-preloads.json):
 * per route, the tags that start its code, styles and first images with the page.
 */
export interface RoutePreloads {
  routes: { path: string; tags: string; guestTags?: string }[];
  texts: Record<string, string>;
}

/** How a page can be sent: as written, or compressed once at the highest settings. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

export interface SpaPage {
  /** The page in an encoding, with the ETag of that form (each form is its own entity). */
  encoded(encoding: PageEncoding): { body: string | Buffer; etag: string };
}

/**
 * A written page and its compressed forms, each made on first use and kept: a page is one of
 * a handful of variants, so Brotli's highest quality (which the compress plugin cannot afford
 * per response) is paid once. The home page goes from 13.8 to 11.3 KB, under the 14.6 KB a
 * new connection carries in its first round trip (decision 059).
 */
function encodedPage(html: string): SpaPage {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  const forms = new Map<PageEncoding, { body: string | Buffer; etag: string }>();
  const compress = (encoding: PageEncoding): string | Buffer => {
    if (encoding === 'br') {
      return brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      });
    }
    if (encoding === 'gzip') return gzipSync(html, { level: constants.Z_BEST_COMPRESSION });
    return html;
  };
  return {
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        const etag = encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
        form = { body: compress(encoding), etag };
        forms.set(encoding, form);
      }
      return form;
    },
  };
}

const noPreloads: RoutePreloads = { routes: [], texts: {} };

/** The value of one cookie of a Cookie header (no plugin: this runs for every page). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  (list as readonly (string | undefined)[]).includes(value) ? (value as T) : undefined;

// The home page's boot content (index.html): only the home page keeps it.
const homeBlock = /<!-- boot:home -->[\s\S]*?<!-- \/boot:home -->\s*/;

/** The two cuts of the carousel's first banner now (the banners feature), for the home page. */
export interface BootBanner {
  desktop: string;
  mobile: string;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The home page's painted copy of the first banner (decision 057) is the one the build wrote
 * in (`data:` URLs, the seeded first banner's art, named by `data-boot-src(set)`). When staff
 * have put another banner first, its art replaces them, and the route's image preloads of the
 * built art point at it with high priority: it is the page's largest paint (decision 090).
 * With no banner live the copy goes (the carousel shows none either).
 */
export function withBootBanner(html: string, banner: BootBanner | null | undefined): string {
  if (banner === undefined) return html;
  if (banner === null) return html.replace(homeBlock, '');
  const built = {
    desktop: /\bdata-boot-src="([^"]*)"/.exec(html)?.[1],
    mobile: /\bdata-boot-srcset="([^"]*)"/.exec(html)?.[1],
  };
  if (built.desktop === banner.desktop && built.mobile === banner.mobile) return html;
  const [, block] = /(<!-- boot:home -->[\s\S]*?<!-- \/boot:home -->)/.exec(html) ?? [];
  if (!block || !built.desktop || !built.mobile) return html;
  const painted = block
    .replace(/\bsrcset="[^"]*"/, `srcset="${attribute(banner.mobile)}"`)
    .replace(/(<img\b[^>]*?)\bsrc="[^"]*"/, `$1src="${attribute(banner.desktop)}"`)
    .replace(/\sdata-boot-src(set)?="[^"]*"/g, '');
  const preload = (href: string, to: string) => (tags: string) =>
    tags.replace(
      new RegExp(
        `<link rel="preload" as="image"[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
        'g',
      ),
      (tag) =>
        tag
          .replace(`href="${href}"`, `href="${attribute(to)}"`)
          .replace(/fetchpriority="low"/, 'fetchpriority="high"'),
    );
  const page = html.replace(block, () => painted);
  return preload(built.mobile, banner.mobile)(preload(built.desktop, banner.desktop)(page));
}

/**
 * index.html as the server sends it for a path (decision 057): <html> carries the saved theme
 * (a class; none when nothing is saved, and the page follows the system) and language from
 * their cookies, so the first paint is right without a blocking script; the head gets the
 * route's preload tags, the lobby texts of that language and, unless the browser says it keeps
 * a session, the preloads of the route's first API answers; the home page keeps its boot
 * content (the first banner), other pages drop it. Only known cookie values are used: nothing
 * a request sends is written into the page.
 */
export function renderSpaPage(
  template: string,
  preloads: RoutePreloads,
  {
    path,
    cookie,
    bootBanner,
  }: { path: string; cookie: string | undefined; bootBanner?: BootBanner | null },
): string {
  const theme = oneOf(themes, cookieValue(cookie, pageCookies.theme));
  const lang = oneOf(languages, cookieValue(cookie, pageCookies.lang)) ?? defaultLanguage;
  const guest = cookieValue(cookie, pageCookies.session) === undefined;
  const home = path === '/';
  const route = preloads.routes.find((candidate) => new RegExp(candidate.path).test(path));
  let html = template.replace(/<html\b[^>]*>/, (tag) => {
    if (!/\blang="/.test(tag)) return tag;
    const attributes = [`lang="${lang}"`];
    if (theme) attributes.push(`class="${theme}"`, `style="color-scheme:${theme}"`);
    if (home) attributes.push('data-page="home"');
    return `<html ${attributes.join(' ')}>`;
  });
  if (!home) html = html.replace(homeBlock, '');
  if (route) {
    // After the entry's own preloads: the page's code, its texts, then the API answers. The
    // code is the longest download and the answers are only read once it has run: asked
    // first, the answers held four of a phone's six connections while the code waited for
    // one (decision 059).
    const guestTags = guest ? (route.guestTags ?? '') : '';
    html = html.replace('</head>', `${route.tags}${preloads.texts[lang] ?? ''}${guestTags}</head>`);
  }
  return home ? withBootBanner(html, bootBanner) : html;
}

/**
 * The page renderer of a built web app: reads index.html and the route list once; each call
 * gives one page (a few string replacements) and its encoded forms, each with an ETag.
 */
export function spaPages(
  webDistDir: string,
): (url: string, cookie?: string, bootBanner?: BootBanner | null) => SpaPage {
  const template = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const manifestPath = join(webDistDir, 'route-preloads.json');
  const preloads = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as RoutePreloads)
    : noPreloads;
  // A page depends only on its route, the home flag, the theme, the language and the guest
  // flag: a handful of variants, each written and hashed once instead of on every request.
  const written = new Map<string, SpaPage>();
  const routeMatchers = preloads.routes.map((route) => new RegExp(route.path));
  return (url, cookie, bootBanner) => {
    const query = url.indexOf('?');
    // As the app's router reads it: /casino/ is /casino.
    const path = (query === -1 ? url : url.slice(0, query)).replace(/\/+$/, '') || '/';
    const variant = [
      path === '/' ? 'home' : routeMatchers.findIndex((matcher) => matcher.test(path)),
      oneOf(themes, cookieValue(cookie, pageCookies.theme)) ?? '',
      oneOf(languages, cookieValue(cookie, pageCookies.lang)) ?? defaultLanguage,
      cookieValue(cookie, pageCookies.session) === undefined ? 'guest' : 'session',
      path === '/' && bootBanner !== undefined
        ? ((bootBanner && `${bootBanner.desktop} ${bootBanner.mobile}`) ?? 'none')
        : '',
    ].join('|');
    const known = written.get(variant);
    if (known) return known;
    const page = encodedPage(renderSpaPage(template, preloads, { path, cookie, bootBanner }));
    // Each first banner staff choose is a new variant of the home page: forget old ones.
    if (written.size >= 256) written.clear();
    written.set(variant, page);
    return page;
  };
}
