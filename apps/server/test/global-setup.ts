import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/db/migrations-folder';
import { openPglite } from '../src/db/pglite-connection';
import { openPostgres } from '../src/db/postgres-connection';
import { withAdmin } from './helpers/postgres-admin';
import {
  quoteIdentifier,
  withDatabaseName,
  type TestDatabaseTemplate,
} from './helpers/test-database-template';

const require = createRequire(import.meta.url);

/**
 * Prepares one migrated template database per test run; each test file then copies it
 * (see helpers/test-database.ts). A copy costs about a second on PGlite and a fraction of
 * that on PostgreSQL, where migrating from scratch grows with every migration; the copies
 * keep test files independent of each other.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? await preparePostgres(adminUrl) : await preparePglite();
  project.provide('testDatabaseTemplate', template.provided);
  return template.teardown;
}

/**
 * Dumps a migrated PGlite data folder to a file. Making one costs several seconds (initdb
 * plus migrations), so the dump is kept in the OS temp folder under a key of everything
 * that shapes it: a run with unchanged migrations and packages reuses the last one.
 */
async function preparePglite() {
  const cacheDir = join(tmpdir(), 'casino-server-test-cache');
  const dumpFile = join(cacheDir, `pglite-${await templateKey()}.tar`);
  if (!existsSync(dumpFile)) {
    await mkdir(cacheDir, { recursive: true });
    const db = await openPglite();
    try {
      await db.migrate();
      // Uncompressed: a bigger file, but each test file loads it about twice as fast.
      const dump = await db.$client.dumpDataDir('none');
      // Written under a temporary name and renamed, so a parallel run never reads half a file.
      const partial = `${dumpFile}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, dumpFile);
    } finally {
      await db.close();
    }
    await removeStaleDumps(cacheDir, dumpFile);
  }
  const provided: TestDatabaseTemplate = { driver: 'pglite', dumpFile };
  return { provided, teardown: () => Promise.resolve() };
}

/** Dumps of older migrations (40 MB each) go once a newer one exists and an hour passed. */
async function removeStaleDumps(cacheDir: string, keep: string): Promise<void> {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of await readdir(cacheDir)) {
    const file = join(cacheDir, name);
    if (file === keep) continue;
    const { mtimeMs } = await stat(file);
    if (mtimeMs < hourAgo) await rm(file, { force: true });
  }
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of ['@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(`${name}@${await installedVersion(name)}\n`);
  }
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(`${relative(migrationsFolder, file)}\n`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The version of an installed package (whose exports may hide its package.json). */
async function installedVersion(name: string): Promise<string> {
  let dir = dirname(require.resolve(name));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(await readFile(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (parsed.name === name && parsed.version) return parsed.version;
    }
    dir = dirname(dir);
  }
  throw new Error(`Cannot find the version of ${name}`);
}

async function preparePostgres(adminUrl: string) {
  // Unique per run, so two runs against one server (two terminals, CI jobs) never collide.
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const templateName = `casino_test_${runId}_template`;
  const databasePrefix = `casino_test_${runId}_`;

  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${quoteIdentifier(templateName)}`),
  );
  const db = openPostgres({ url: withDatabaseName(adminUrl, templateName), max: 2 });
  try {
    await db.migrate();
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template that has open connections.
    await db.close();
  }

  const provided: TestDatabaseTemplate = {
    driver: 'postgres',
    adminUrl,
    templateName,
    databasePrefix,
  };
  return {
    provided,
    // Drops the template and any copy a crashed test file left behind.
    teardown: () =>
      withAdmin(adminUrl, async (admin) => {
        const { rows } = await admin.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1)',
          [databasePrefix],
        );
        for (const { datname } of rows) {
          await admin.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
        }
      }),
  };
}
