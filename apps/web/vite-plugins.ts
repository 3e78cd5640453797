import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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
}

/**
 * Starts the download of the current page's code with the page itself. A page is a lazy chunk
 * the entry only asks for once it runs, a round trip after the entry's download on a phone's
 * slow link (issue 16). A small script (its own file, loaded first by index.html) adds modulepreload links for the page's
 * chunks (and the lobby texts of the saved language) and its stylesheets, by the address.
 */
export function preloadRouteChunks(routes: RoutePreload[], texts: Record<string, string>): Plugin {
  let outDir = 'dist';
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
        const table = routes.flatMap(({ path, module, images = [] }) => {
          const page = byModule(module);
          if (!page) return [];
          const files = [...closure([page.fileName])].filter((file) => !loaded.has(file));
          const css = files.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          return [[path, files, css, images.map((image) => [image.href, image.media])]];
        });
        const textFiles = Object.fromEntries(
          Object.entries(texts).flatMap(([language, module]) => {
            const chunk = byModule(module);
            return chunk ? [[language, chunk.fileName]] : [];
          }),
        );
        const script = `(function(){var t=${JSON.stringify(table)},x=${JSON.stringify(textFiles)};var p=location.pathname.replace(/\\/+$/,'')||'/';function a(r,h){var l=document.createElement('link');l.rel=r;l.href='/'+h;l.crossOrigin='';document.head.appendChild(l)}for(var i=0;i<t.length;i++){if(new RegExp(t[i][0]).test(p)){t[i][1].forEach(function(f){a('modulepreload',f)});t[i][2].forEach(function(f){a('stylesheet',f)});t[i][3].forEach(function(m){var l=document.createElement('link');l.rel='preload';l.as='image';l.href=m[0];l.media=m[1];l.fetchPriority='high';document.head.appendChild(l)});var g=x[document.documentElement.lang]||x.ru;if(g)a('modulepreload',g);break}}})();`;
        const hash = createHash('sha256').update(script).digest('hex').slice(0, 10);
        emitted = { fileName: `assets/route-preload-${hash}.js`, source: script };
        return html.replace('</head>', `<script src="/${emitted.fileName}"></script></head>`);
      },
    },
  };
}
