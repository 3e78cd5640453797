import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDirEachTest } from '../lib/testing/temp-dir';
import { DataDirLocked, lockDataDir } from './data-dir-lock';

const root = tempDirEachTest('casino-lock-');
let dataDir: string;
beforeEach(() => {
  dataDir = join(root(), 'pglite');
});

describe('lockDataDir', () => {
  it('holds the folder until released, in this process too', async () => {
    const release = await lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLocked);
    await release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    await (
      await lockDataDir(dataDir)
    )();
  });

  it('refuses a folder another live process holds, naming it and what to do', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(`${dataDir}.lock`, `${other.pid}\n`);
      const error = await lockDataDir(dataDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirLocked);
      expect((error as DataDirLocked).pid).toBe(other.pid);
      expect((error as Error).message).toMatch(
        /in use by process \d+.*stop that process.*DATABASE_URL/s,
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock: a dead process, our own pid from a past life, or junk', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    for (const content of [`${gone.pid}\n`, `${process.pid}\n`, 'not a pid']) {
      await writeFile(`${dataDir}.lock`, content);
      const release = await lockDataDir(dataDir);
      expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
      await release();
    }
  });
});
