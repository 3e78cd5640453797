import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StartupError } from './errors';
import { resolveSecrets } from './secrets';
import { tempDirEachTest } from './testing/temp-dir';

describe('resolveSecrets', () => {
  const dataDir = tempDirEachTest('casino-secrets-');

  const none = { jwtSecret: undefined, otpSecret: undefined };

  it('generates the secrets once into DATA_DIR/secrets.json, readable by the owner only', async () => {
    const first = await resolveSecrets({ dataDir: join(dataDir(), 'nested'), ...none });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(64);
    expect(first.otpSecret).not.toBe(first.jwtSecret);
    const file = join(dataDir(), 'nested', 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
    expect(await resolveSecrets({ dataDir: join(dataDir(), 'nested'), ...none })).toEqual(first);
  });

  it('agrees on one file when several starts race', async () => {
    const all = await Promise.all(
      Array.from({ length: 5 }, () => resolveSecrets({ dataDir: dataDir(), ...none })),
    );
    for (const secrets of all) expect(secrets).toEqual(all[0]);
  });

  it('prefers the configuration and writes nothing when both are given', async () => {
    const given = { jwtSecret: 'j'.repeat(32), otpSecret: 'o'.repeat(32) };
    expect(await resolveSecrets({ dataDir: dataDir(), ...given })).toEqual(given);
    await expect(stat(join(dataDir(), 'secrets.json'))).rejects.toThrow();
  });

  it('fills only the missing one from the file', async () => {
    const secrets = await resolveSecrets({
      dataDir: dataDir(),
      jwtSecret: 'j'.repeat(40),
      otpSecret: undefined,
    });
    expect(secrets.jwtSecret).toBe('j'.repeat(40));
    expect(secrets.otpSecret.length).toBeGreaterThanOrEqual(64);
  });

  it('stops with a readable message on a damaged file', async () => {
    await writeFile(join(dataDir(), 'secrets.json'), '{"jwtSecret": "short"}');
    await expect(resolveSecrets({ dataDir: dataDir(), ...none })).rejects.toThrow(StartupError);
    await expect(resolveSecrets({ dataDir: dataDir(), ...none })).rejects.toThrow(/delete it/);
  });
});
