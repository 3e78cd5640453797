// Called by build.mjs: writes the migrated PGlite image (src/db/pglite-image.ts), with the
// built-in studios' games in it (scripts/pglite-image-catalog.ts, decision 096), into the
// folder given, beside the bundle, unless the one there already holds exactly this tree's
// migrations on this PGlite and was made from the catalogs' current sources.
import { resolve } from 'node:path';
import { buildPgliteImage, imageIsCurrent } from '../src/db/pglite-image';
import { catalogSourcesSha256, snapshotCatalog } from './pglite-image-catalog';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-pglite-image.ts <output folder>');
const catalogSources = await catalogSourcesSha256();
if (await imageIsCurrent(resolve(outDir), undefined, { catalogSources })) {
  console.log('pglite image up to date');
} else {
  const began = performance.now();
  await buildPgliteImage(resolve(outDir), undefined, { catalog: snapshotCatalog });
  console.log(`pglite image built in ${Math.round(performance.now() - began)} ms`);
}
