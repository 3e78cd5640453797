// Called by build.mjs: writes the migrated PGlite image (src/db/pglite-image.ts) into the
// folder given, beside the bundle.
import { resolve } from 'node:path';
import { buildPgliteImage } from '../src/db/pglite-image';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-pglite-image.ts <output folder>');
const began = performance.now();
await buildPgliteImage(resolve(outDir));
console.log(`pglite image built in ${Math.round(performance.now() - began)} ms`);
