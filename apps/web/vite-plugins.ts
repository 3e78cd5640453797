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
  /** Images of the first screen (the banner), fetched at once, each for the screens of `media`. */
  images?: { href: string; media: string }[];
  /**
   * The API requests the page makes first for a guest, exactly as the app asks for them
   * (`$1`… stand for the path's groups): preloaded so they run beside the code's download
   * instead of after it. Not for a signed-in player (a stored session), whose requests carry
   * a token.
   */
  fetches?: string[];
}

/**
 * Starts the download of the current page's code with the page itself. A page is a lazy chunk
 * the entry only asks for once it runs, a round trip after the entry's download on a phone's
 * slow link (issue 16). A small script (its own file, loaded first by index.html) adds modulepreload links for the page's
 * chunks (and the lobby texts of the saved language) and its stylesheets, by the address.
 */
export function preloadRouteChunks(
  routes: RoutePreload[],
  texts: Record<string, string>,
  session: { tokenKey: string; markerKey: string },
): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  // The script goes out as a file of its own, not inline: the server's Content-Security-Policy
  // allows no inline script (decision 049). Named by its content, so it is cached for good.
  let emitted: { fileName: string; source: string } | undefined;
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
        const entry = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        const loaded = closure(entry);
        const table = routes.flatMap(({ path, module, images = [], fetches = [] }) => {
          const page = byModule(module);
          if (!page) return [];
          const files = [...closure([page.fileName])].filter((file) => !loaded.has(file));
          const css = files.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          return [[path, files, css, images.map((image) => [image.href, image.media]), fetches]];
        });
        const textFiles = Object.fromEntries(
          Object.entries(texts).flatMap(([language, module]) => {
            const chunk = byModule(module);
            return chunk ? [[language, chunk.fileName]] : [];
          }),
        );
        // theme-boot.js (public/, what the dev server loads) goes first in the same file: one
        // blocking request in the head instead of two, and named by content, cached for good.
        const themeBoot = readFileSync(join(publicDir, 'theme-boot.js'), 'utf8').replace(
          /^\s*\/\/.*\n/gm,
          '',
        );
        const preload = `(function(){var t=${JSON.stringify(table)},x=${JSON.stringify(textFiles)},k=${JSON.stringify([session.tokenKey, session.markerKey])};var p=location.pathname.replace(/\\/+$/,'')||'/',d=document,s=false;try{s=!!(localStorage.getItem(k[0])||localStorage.getItem(k[1]))}catch(e){}function l(r,u,a){var e=d.createElement('link');e.rel=r;e.href=u;for(var n in a)e[n]=a[n];d.head.appendChild(e)}var c={crossOrigin:''};for(var i=0;i<t.length;i++){var m=p.match(new RegExp(t[i][0]));if(m){t[i][1].forEach(function(f){l('modulepreload','/'+f,c)});t[i][2].forEach(function(f){l('stylesheet','/'+f,c)});t[i][3].forEach(function(g){l('preload',g[0],{as:'image',media:g[1],fetchPriority:'high'})});if(!s)t[i][4].forEach(function(u){l('preload',u.replace(/\\$(\\d)/g,function(_,n){return m[n]}),{as:'fetch',crossOrigin:''})});var g=x[d.documentElement.lang]||x.ru;if(g)l('modulepreload','/'+g,c);break}}})();`;
        const script = `${themeBoot}\n${preload}`;
        const hash = createHash('sha256').update(script).digest('hex').slice(0, 10);
        emitted = { fileName: `assets/route-preload-${hash}.js`, source: script };
        const tag = `<script src="/${emitted.fileName}"></script>`;
        const boot = '<script src="/theme-boot.js"></script>';
        if (!html.includes(boot)) throw new Error('index.html no longer loads /theme-boot.js');
        return html.replace(boot, tag);
      },
    },
  };
}
