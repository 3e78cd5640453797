// Bundles the server into dist/server.js: one file that Node 20+ runs without TypeScript.
// npm packages stay external (they are installed next to it, and some load files or
// workers at run time); our own workspace packages are bundled, because they ship as
// TypeScript source that plain Node cannot import.
//
// Usage: node build.mjs [--outfile dist/server.js]   (the bundle must stay inside
// apps/server: at run time it finds drizzle/ and package.json by walking up from itself)
import { execFileSync } from 'node:child_process';
import { copyFile, rm } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { outfile: { type: 'string', default: 'dist/server.js' } },
});
const outfile = resolve(root, values.outfile);
const ownPackages = /^@casino\//;

/** Marks every bare import external except our workspace packages. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /.*/ }, (args) => {
      const relativeOrAbsolute = args.path.startsWith('.') || isAbsolute(args.path);
      if (args.kind === 'entry-point' || relativeOrAbsolute || ownPackages.test(args.path)) {
        return undefined;
      }
      return { path: args.path, external: true };
    });
  },
};

/**
 * The tracing SDK (src/lib/tracing/tracing-sdk.ts) is a bundle of its own beside this one,
 * imported at run time only when OTEL_EXPORTER_OTLP_ENDPOINT is set: bundled in, its
 * OpenTelemetry imports would be hoisted to the top of server.js and loaded at every start.
 */
const tracingSdkFile = 'tracing-sdk.js';
const separateTracingSdk = {
  name: 'separate-tracing-sdk',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\/tracing-sdk$/ }, () => ({
      path: `./${tracingSdkFile}`,
      external: true,
    }));
  },
};

/**
 * The entry (src/server.ts) is a bundle of its own too, of node: modules only: it starts
 * writing the migrated image into a new data folder on a worker thread (its code in
 * pglite-image-writer.js), then imports the server (server-main.js, from start-server.ts)
 * whose npm packages load meanwhile (decision 096). Bundled in, the server's imports would be
 * hoisted above the entry's first line.
 */
const serverMainFile = 'server-main.js';
const imageWriterFile = 'pglite-image-writer.js';
const separateServerMain = {
  name: 'separate-server-main',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\/start-server$/ }, () => ({
      path: `./${serverMainFile}`,
      external: true,
    }));
  },
};

// Only our own output goes: a stale source map would point at old code. (The PGlite image
// stays: build-pglite-image.ts keeps it when its manifest names this tree's migrations.)
const outputs = [serverMainFile, imageWriterFile, tracingSdkFile].map((file) =>
  resolve(dirname(outfile), file),
);
await Promise.all(
  [outfile, ...outputs]
    .flatMap((file) => [file, `${file}.map`])
    .concat(resolve(dirname(outfile), 'pdf-check.worker.mjs'))
    .map((file) => rm(file, { force: true })),
);
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  metafile: true,
};
const entry = await build({
  ...common,
  entryPoints: ['src/server.ts'],
  outfile,
  plugins: [separateServerMain, externalNpmPackages],
});
const imageWriter = await build({
  ...common,
  entryPoints: ['src/db/pglite-image-writer.ts'],
  outfile: resolve(dirname(outfile), imageWriterFile),
  plugins: [externalNpmPackages],
});
const result = await build({
  ...common,
  entryPoints: ['src/start-server.ts'],
  outfile: resolve(dirname(outfile), serverMainFile),
  plugins: [separateTracingSdk, externalNpmPackages],
});
const tracingSdk = await build({
  ...common,
  entryPoints: ['src/lib/tracing/tracing-sdk.ts'],
  outfile: resolve(dirname(outfile), tracingSdkFile),
  plugins: [externalNpmPackages],
});

const bundled = [entry, imageWriter, result, tracingSdk].flatMap(({ metafile }) =>
  Object.keys(metafile.inputs).filter((input) => input.includes('node_modules')),
);
if (bundled.length > 0) {
  throw new Error(`npm packages ended up in the bundle: ${bundled.join(', ')}`);
}
// The entry and the writer run before the npm packages load: node: modules only.
const early = [entry, imageWriter].flatMap(({ metafile }) =>
  Object.values(metafile.outputs).flatMap((output) =>
    output.imports
      .filter((i) => i.external && !i.path.startsWith('node:') && i.path !== `./${serverMainFile}`)
      .map((i) => i.path),
  ),
);
if (early.length > 0) throw new Error(`the entry imports more than node: modules: ${early}`);

// The PDF checker runs in worker threads (features/identity/pdf-check.ts) from its own file,
// found next to the bundle: it is plain JavaScript and is copied as it is.
await copyFile(
  resolve(root, 'src/features/identity/pdf-check.worker.mjs'),
  resolve(dirname(outfile), 'pdf-check.worker.mjs'),
);

// A new embedded database starts from this migrated image instead of running every migration
// (src/db/pglite-image.ts): made here from this build's migrations folder, never committed;
// remade only when the migrations or PGlite changed (10-30 s of a build otherwise).
execFileSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/build-pglite-image.ts', dirname(outfile)],
  { cwd: root, stdio: 'inherit' },
);
