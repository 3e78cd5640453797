import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nonEmptyStrings, readOrCreateSecretsFile } from './secrets-file';
import { tempDirEachTest } from './testing/temp-dir';

describe('a generated secrets file', () => {
  const dir = tempDirEachTest('secrets-file-');
  let n = 0;
  const spec = {
    generate: () => ({ key: `secret-${++n}` }),
    valid: nonEmptyStrings(['key']),
    invalid: 'test file: delete it.',
  };

  it('is created once, readable by its owner only, and read back on the next start', async () => {
    const path = join(dir(), 'nested', 'keys.json');
    const first = await readOrCreateSecretsFile(path, spec);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readOrCreateSecretsFile(path, spec)).toEqual(first);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(first);
  });

  it('has one winner when several processes create it at once, and none reads it half-written', async () => {
    for (let round = 0; round < 10; round++) {
      const path = join(dir(), `keys-${round}.json`);
      const all = await Promise.all(
        Array.from({ length: 16 }, () => readOrCreateSecretsFile(path, spec)),
      );
      expect(new Set(all.map((keys) => keys.key)).size).toBe(1);
    }
    // Only the files themselves: every private draft is gone.
    expect((await readdir(dir())).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('stops start-up on a broken file, naming it and what to do', async () => {
    const path = join(dir(), 'keys.json');
    for (const text of ['not json', '{"key": ""}', '[]']) {
      await writeFile(path, text);
      await expect(readOrCreateSecretsFile(path, spec)).rejects.toThrow(
        `${path} is not a valid test file: delete it.`,
      );
    }
  });
});
