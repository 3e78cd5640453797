import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPgliteImage, imageFile, manifestFile, migrationsOf } from '../../src/db/pglite-image';
import { serverPackageRoot } from '../../src/lib/package-root';

/**
 * Which image a new embedded database may start from: one made from the first migrations
 * of this build's folder (the rest are applied on start), never one of other migrations.
 * (The image itself is made by build.mjs; bench:startup measures a start from it.)
 */
describe('the migrated PGlite image', () => {
  let dir: string;
  let pglite: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'casino-image-'));
    await writeFile(join(dir, imageFile), 'tar bytes');
    pglite = (
      JSON.parse(
        await readFile(
          join(serverPackageRoot, '../../node_modules/@electric-sql/pglite/package.json'),
          'utf8',
        ),
      ) as { version: string }
    ).version;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const withManifest = async (manifest: unknown) => {
    await writeFile(join(dir, manifestFile), JSON.stringify(manifest));
    return findPgliteImage(dir);
  };

  it('is used when it holds this build’s migrations, or the first of them', async () => {
    const all = await migrationsOf();
    expect(await withManifest({ pglite, migrations: all })).toBeInstanceOf(Blob);
    expect(await withManifest({ pglite, migrations: all.slice(0, -1) })).toBeInstanceOf(Blob);
  });

  it('is not used for changed or unknown migrations, or another PGlite', async () => {
    const all = await migrationsOf();
    const changed = all.map((m, i) => (i === 3 ? { ...m, sha256: '0'.repeat(64) } : m));
    expect(await withManifest({ pglite, migrations: changed })).toBeUndefined();
    const extra = [...all, { tag: '9999_from_another_branch', sha256: '1'.repeat(64) }];
    expect(await withManifest({ pglite, migrations: extra })).toBeUndefined();
    expect(await withManifest({ pglite: '0.0.1', migrations: all })).toBeUndefined();
  });
});
