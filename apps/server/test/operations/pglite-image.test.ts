import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../../src/db/database';
import { migrationsFolder } from '../../src/db/migrations-folder';
import { openDatabase } from '../../src/db/open-database';
import { openPglite } from '../../src/db/pglite-connection';
import {
  buildPgliteImage,
  findPgliteImage,
  imageFile,
  manifestFile,
  migrationsOf,
} from '../../src/db/pglite-image';
import { writeImageAhead, type ImageAhead } from '../../src/db/pglite-image-ahead';
import { extractDataDirTar, packDataDirTar, writeTarInto } from '../../src/db/pglite-image-tar';
import type { Logger } from '../../src/lib/logger';
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
    expect(await withManifest({ pglite, migrations: all })).toBe(join(dir, imageFile));
    expect(await withManifest({ pglite, migrations: all.slice(0, -1) })).toBe(join(dir, imageFile));
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

/**
 * The image at work (decision 093): a new data folder starts from it, migrated, and only the
 * migrations the image lacks are applied; a folder that holds a database already is never
 * replaced by it, and is upgraded by the new migrations alone. The image here is made the way
 * build.mjs makes it, from all but the last migration, so that both paths have one to apply.
 */
describe('a data folder and the image', () => {
  let root: string;
  let imageDir: string;
  let all: Awaited<ReturnType<typeof migrationsOf>>;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'casino-image-start-'));
    all = await migrationsOf();
    // This tree's migrations but the last, as an older build would have shipped them.
    const older = join(root, 'older-migrations');
    await cp(migrationsFolder, older, { recursive: true });
    const journalFile = join(older, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    imageDir = join(root, 'dist');
    await mkdir(imageDir);
    await buildPgliteImage(imageDir, older);
  }, 180_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** Applied migrations, and what the opening logged. */
  async function open(dataDir: string) {
    const said: string[] = [];
    const logger = { info: (message: string) => said.push(message) } as unknown as Logger;
    const db = await openDatabase({ dataDir, databaseUrl: undefined }, logger, {
      pgliteImageDir: imageDir,
    });
    try {
      const before = await appliedCount(db);
      await db.migrate();
      return { said, before, after: await appliedCount(db), db };
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  // Each opens a data folder on disk two or three times: seconds apiece on a busy machine.
  it(
    'starts a new folder from the image, then applies only what the image lacks',
    { timeout: 180_000 },
    async () => {
      const dataDir = join(root, 'new');
      const { said, before, after, db } = await open(dataDir);
      try {
        expect(said).toContain('new embedded database: starting from the migrated image');
        expect(before).toBe(all.length - 1);
        expect(after).toBe(all.length);
        await db.execute(sql`insert into app_meta (key, value) values ('image-test', 'kept')`);
      } finally {
        await db.close();
      }
      // The scratch folder of the extraction is gone; the database is where it belongs.
      expect(await readdir(dataDir)).toEqual(['pglite']);
      const again = await open(dataDir);
      try {
        expect(again.said).not.toContain('new embedded database: starting from the migrated image');
        expect([again.before, again.after]).toEqual([all.length, all.length]);
        const { rows } = await again.db.execute<{ value: string }>(
          sql`select value from app_meta where key = 'image-test'`,
        );
        expect(rows).toEqual([{ value: 'kept' }]);
      } finally {
        await again.db.close();
      }
    },
  );

  it(
    'upgrades an existing folder with the new migrations, never from the image',
    { timeout: 180_000 },
    async () => {
      const dataDir = join(root, 'old');
      // An older server's database: the image's migrations, and a row of its own.
      await extractDataDirTar(await readFile(join(imageDir, imageFile)), join(dataDir, 'pglite'));
      const older = await openPglite({ dataDir: join(dataDir, 'pglite') });
      await older.execute(sql`insert into app_meta (key, value) values ('older', 'row')`);
      await older.close();

      const { said, before, after, db } = await open(dataDir);
      try {
        expect(said).not.toContain('new embedded database: starting from the migrated image');
        expect([before, after]).toEqual([all.length - 1, all.length]);
        const { rows } = await db.execute<{ value: string }>(
          sql`select value from app_meta where key = 'older'`,
        );
        expect(rows).toEqual([{ value: 'row' }]);
      } finally {
        await db.close();
      }
    },
  );
});

/**
 * The image written ahead (decision 096): the built entry starts writing it into the new
 * folder's scratch place on a worker thread; openPglite renames it into place only when it is
 * the image it wants for the folder it opens, and writes the image itself otherwise.
 */
describe('an image written ahead', () => {
  let root: string;
  let image: string;
  let tar: Buffer;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'casino-image-ahead-'));
    // Any data folder will do for the renaming: a freshly initialised one, packed.
    const source = join(root, 'source');
    const db = await openPglite({ dataDir: source });
    await db.execute(sql`create table marker (note text)`);
    await db.close();
    tar = packDataDirTar(source);
    image = join(root, imageFile);
    await writeFile(image, tar);
  }, 180_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** What the entry's worker leaves: the image in a scratch folder, with a file of its own. */
  function writtenAhead(dataDir: string, forImage = image): ImageAhead {
    const scratch = `${dataDir}.extracting-${process.pid}-ahead`;
    writeTarInto(tar, scratch);
    return {
      image: forImage,
      dataDir,
      written: Promise.resolve(scratch),
      discard: () => rm(scratch, { recursive: true, force: true }),
    };
  }

  it('is renamed into place when it is this image for this folder', async () => {
    const dataDir = join(root, 'same');
    const ahead = writtenAhead(dataDir);
    await writeFile(`${dataDir}.extracting-${process.pid}-ahead/written-ahead`, 'yes');
    const db = await openPglite({ dataDir, image, ahead });
    try {
      expect(db.fromImage).toBe(image);
      expect(await readFile(join(dataDir, 'written-ahead'), 'utf8')).toBe('yes');
      await db.execute(sql`select * from marker`);
    } finally {
      await db.close();
      await ahead.discard();
    }
    expect((await readdir(root)).filter((name) => name.includes('extracting'))).toEqual([]);
  });

  it('is not used for another folder or another image, and is discarded', async () => {
    for (const [name, other] of [
      ['other-folder', (dataDir: string) => writtenAhead(`${dataDir}-elsewhere`)],
      ['other-image', (dataDir: string) => writtenAhead(dataDir, join(root, 'older.tar'))],
    ] as const) {
      const dataDir = join(root, name);
      const ahead = other(dataDir);
      const scratch = await ahead.written;
      await writeFile(join(scratch!, 'written-ahead'), 'yes');
      const db = await openPglite({ dataDir, image, ahead });
      try {
        expect(db.fromImage).toBe(image);
        expect(await readdir(dataDir)).not.toContain('written-ahead');
        await db.execute(sql`select * from marker`);
      } finally {
        await db.close();
        await ahead.discard();
      }
    }
    expect((await readdir(root)).filter((name) => name.includes('extracting'))).toEqual([]);
  });

  it('is not waited for when it failed: the image is written as without it', async () => {
    const dataDir = join(root, 'failed');
    const ahead: ImageAhead = {
      image,
      dataDir,
      written: Promise.resolve(undefined),
      discard: () => Promise.resolve(),
    };
    const db = await openPglite({ dataDir, image, ahead });
    try {
      await db.execute(sql`select * from marker`);
    } finally {
      await db.close();
    }
  });

  it('is not started from source, where no image writer lies beside the module', () => {
    expect(writeImageAhead({ DATA_DIR: join(root, 'from-source') })).toBeUndefined();
    expect(writeImageAhead({ DATABASE_URL: 'postgres://x', DATA_DIR: root }, root, root)).toBe(
      undefined,
    );
  });
});

async function appliedCount(db: DatabaseConnection): Promise<number> {
  const { rows } = await db.execute<{ n: number | string }>(
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.n);
}
