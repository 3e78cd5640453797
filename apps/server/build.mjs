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

// Only our own output goes: a stale source map would point at old code. (The PGlite image
// stays: build-pglite-image.ts keeps it when its manifest names this tree's migrations.)
await Promise.all([
  rm(outfile, { force: true }),
  rm(`${outfile}.map`, { force: true }),
  rm(resolve(dirname(outfile), 'pdf-check.worker.mjs'), { force: true }),
  rm(resolve(dirname(outfile), tracingSdkFile), { force: true }),
  rm(resolve(dirname(outfile), `${tracingSdkFile}.map`), { force: true }),
]);
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
const result = await build({
  ...common,
  entryPoints: ['src/server.ts'],
  outfile,
  plugins: [separateTracingSdk, externalNpmPackages],
});
const tracingSdk = await build({
  ...common,
  entryPoints: ['src/lib/tracing/tracing-sdk.ts'],
  outfile: resolve(dirname(outfile), tracingSdkFile),
  plugins: [externalNpmPackages],
});

const bundled = [result, tracingSdk].flatMap(({ metafile }) =>
  Object.keys(metafile.inputs).filter((input) => input.includes('node_modules')),
);
if (bundled.length > 0) {
  throw new Error(`npm packages ended up in the bundle: ${bundled.join(', ')}`);
}

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
