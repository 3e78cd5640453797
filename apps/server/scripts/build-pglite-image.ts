// Called by build.mjs: writes the migrated PGlite image (src/db/pglite-image.ts) into the
// folder given, beside the bundle, unless the one there already holds exactly this tree's
// migrations on this PGlite.
import { resolve } from 'node:path';
import { buildPgliteImage, imageIsCurrent } from '../src/db/pglite-image';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-pglite-image.ts <output folder>');
if (await imageIsCurrent(resolve(outDir))) {
  console.log('pglite image up to date');
} else {
  const began = performance.now();
  await buildPgliteImage(resolve(outDir));
  console.log(`pglite image built in ${Math.round(performance.now() - began)} ms`);
}
