import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Alias, Plugin } from 'vite';

/**
 * `i18next` and `react-i18next` resolve to the app's own small implementation of what it uses
 * of them (src/shared/i18n/lite, decision 056): about 16 KB compressed less in the first
 * download. The packages stay installed for their types (every t() key is checked against the
 * resources). Used by the build, the dev server and the tests alike.
 */
export const i18nLiteAliases: Alias[] = [
  {
    find: /^i18next$/,
    replacement: fileURLToPath(new URL('./src/shared/i18n/lite/i18next.ts', import.meta.url)),
  },
  {
    find: /^react-i18next$/,
    replacement: fileURLToPath(new URL('./src/shared/i18n/lite/react-i18next.ts', import.meta.url)),
  },
];

/**
 * Puts the entry's stylesheets into index.html as <style> elements. Linked, they block the
 * first paint for a round trip each (two on a phone's slow link, issue 16); inlined they come
 * with the page, about 7 KB compressed. A disabled <link> to the same file stays (a disabled
 * stylesheet is not fetched): Vite's loader of lazy chunks, which lists the entry's styles
 * among a chunk's dependencies, finds it and does not load the file again, which would put
 * the base styles after the page's own and undo its overrides.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'orbita:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`;
          },
        );
      },
    },
  };
}

const compressible = /\.(js|css|svg|html|json|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the build,
 * which the server sends as they are (@fastify/static preCompressed). Compressing once at build
 * time affords the slowest, smallest setting: about 13 % fewer bytes than the quality the
 * server can afford per response.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'orbita:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!compressible.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

interface RoutePreload {
  /** The pathnames of the page (a regular expression's source). */
  path: string;
  /** The end of the page module's path: `features/games/pages/home-page.tsx`. */
  module: string;
  /**
   * Images of the first screen, fetched at once, each for the screens of `media`, with the
   * given priority (`low` when the page already paints a copy of its own, decision 057).
   */
  images?: { href: string; media: string; fetchPriority?: 'high' | 'low' }[];
  /**
   * The API requests the page makes first for a guest, exactly as the app asks for them:
   * preloaded so they run beside the code's download instead of after it. Not for a player
   * with a stored session, whose requests carry a token.
   */
  fetches?: string[];
}

/** What the server writes into the page for a path (apps/server/src/http/web-app.ts). */
export interface RoutePreloads {
  /**
   * The route's pathnames (a regular expression's source), the tags of its head, and those
   * only a guest's page gets (the preloads of the first API answers).
   */
  routes: { path: string; tags: string; guestTags: string }[];
  /** The lobby texts' modulepreload tag per language. */
  texts: Record<string, string>;
}

/** The file beside index.html that lists them. */
export const routePreloadsFile = 'route-preloads.json';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * Starts the download of the current page's code with the page itself. A page is a lazy chunk
 * the entry only asks for once it runs, a round trip after the entry's download on a phone's
 * slow link (issue 16).
 *
 * The server writes the page's tags into the page it sends (decision 057): modulepreload links
 * for the page's chunks and the lobby texts of the saved language, preloads of its stylesheets
 * and first images, and for a guest (no session hint cookie) of the first API answers. The
 * build lists them per route in route-preloads.json. theme-boot.js (blocking in the dev
 * server) becomes an `async` file: it applies a theme or language saved before their cookies
 * existed, and the first paint never waits for it.
 */
export function preloadRouteChunks(
  routes: RoutePreload[],
  texts: Record<string, string>,
  /**
   * Lazy modules the shell renders on every page (the sidebar's provider list): preloaded
   * with each route too. Otherwise the entry asks for them only once it has run, a round trip
   * after the rest of the code, on the way to the page's largest paint (decision 059).
   */
  shellModules: string[] = [],
): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  // The script goes out as a file of its own, not inline: the server's Content-Security-Policy
  // allows no inline script (decision 049). Named by its content, so it is cached for good.
  let emitted: { fileName: string; source: string; manifest: RoutePreloads } | undefined;
  return {
    name: 'orbita:preload-route-chunks',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    writeBundle() {
      if (!emitted) return;
      mkdirSync(join(outDir, 'assets'), { recursive: true });
      writeFileSync(join(outDir, emitted.fileName), emitted.source);
      writeFileSync(join(outDir, routePreloadsFile), JSON.stringify(emitted.manifest));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byModule = (end: string) =>
          chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(end));
        const closure = (start: string[]): Set<string> => {
          const seen = new Set<string>();
          const queue = [...start];
          for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
            if (seen.has(file)) continue;
            seen.add(file);
            const chunk = bundle[file];
            if (chunk?.type === 'chunk') queue.push(...chunk.imports);
          }
          return seen;
        };
        const modulePreload = (file: string) =>
          `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`;
        const entry = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        const loaded = closure(entry);
        const manifest: RoutePreloads = { routes: [], texts: {} };
        const shell = shellModules.map((module) => {
          const chunk = byModule(module);
          if (!chunk) throw new Error(`No chunk holds the shell's lazy module ${module}`);
          return chunk.fileName;
        });
        for (const { path, module, images = [], fetches = [] } of routes) {
          const page = byModule(module);
          if (!page) continue;
          const files = [...closure([page.fileName, ...shell])].filter((file) => !loaded.has(file));
          const css = files.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          const tags = [
            // The first screen's images first: the browser starts them before the code.
            ...images.map(
              ({ href, media, fetchPriority = 'high' }) =>
                `<link rel="preload" as="image" href="${escapeAttribute(href)}" media="${escapeAttribute(media)}" fetchpriority="${fetchPriority}">`,
            ),
            ...files.map(modulePreload),
            // Preloaded, not linked: a stylesheet link in the head would hold the first paint
            // back until it arrives. The page's chunk links it (Vite's loader, crossorigin as
            // here) when it loads, and finds it downloaded.
            ...css.map(
              (file) =>
                `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}">`,
            ),
          ];
          // Same URL and credentials as the app's own request, so it takes this answer.
          const guestTags = fetches.map(
            (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`,
          );
          manifest.routes.push({ path, tags: tags.join(''), guestTags: guestTags.join('') });
        }
        for (const [language, module] of Object.entries(texts)) {
          const chunk = byModule(module);
          if (chunk) manifest.texts[language] = modulePreload(chunk.fileName);
        }
        // theme-boot.js (public/, what the dev server loads blocking), without its comments.
        const script = readFileSync(join(publicDir, 'theme-boot.js'), 'utf8').replace(
          /^\s*\/\/.*\n/gm,
          '',
        );
        const hash = createHash('sha256').update(script).digest('hex').slice(0, 10);
        emitted = { fileName: `assets/theme-boot-${hash}.js`, source: script, manifest };
        const tag = `<script async src="/${emitted.fileName}"></script>`;
        const boot = '<script src="/theme-boot.js"></script>';
        if (!html.includes(boot)) throw new Error('index.html no longer loads /theme-boot.js');
        return html.replace(boot, tag);
      },
    },
  };
}

/** `data:` URL of an SVG, percent-encoding only what an attribute or a srcset needs. */
export function svgDataUrl(svg: string): string {
  const compact = svg
    .replace(/<\?xml[^>]*>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .trim();
  // Single quotes need no escape inside the attribute's double quotes.
  const quoted = compact.includes("'") ? compact : compact.replaceAll('"', "'");
  const encoded = quoted
    .replaceAll('%', '%25')
    .replaceAll('#', '%23')
    .replaceAll('"', '%22')
    .replaceAll(' ', '%20')
    .replaceAll('&', '%26')
    .replace(/[^\x20-\x7e]/g, (char) => encodeURIComponent(char));
  return `data:image/svg+xml,${encoded}`;
}

/**
 * Writes the pictures of index.html's boot content into the page as `data:` URLs: the home
 * page's first banner paints with the page itself, before any other download (decision 057).
 * The source names them `data-src` / `data-srcset` (Vite rewrites a real `srcset` after this
 * plugin runs); only small SVGs from public/ (a few KB each). The favicon (under 1 KB) too:
 * as a file it took one of a phone's six connections to the server while the page's code
 * was on its way (decision 059); the dev server keeps the file.
 */
export function inlineBootImages(): Plugin {
  let publicDir = 'public';
  return {
    name: 'orbita:inline-boot-images',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const inline = (href: string) => svgDataUrl(readFileSync(join(publicDir, href), 'utf8'));
        return html
          .replace(
            /\bdata-(src|srcset)="(\/[^"]+\.svg)"/g,
            // data-boot-*: which file it was, so the server can tell whether the banner staff
            // put first is this one, or write its art in instead (decision 090).
            (_, name: string, href: string) =>
              `${name}="${inline(href)}" data-boot-${name}="${href}"`,
          )
          .replace(
            /(<link rel="icon"[^>]*\bhref=")(\/[^"]+\.svg)"/,
            (_, start: string, href: string) => `${start}${inline(href)}"`,
          );
      },
    },
  };
}
