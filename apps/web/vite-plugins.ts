import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
