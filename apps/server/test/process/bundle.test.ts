import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverPackageRoot } from '../../src/lib/package-root';
import { spawnServer } from '../helpers/spawn-server';

/**
 * Runs the esbuild bundle (built as `npm run build` does, once for the tier:
 * test/process-setup.ts) with plain Node in production mode: catches what only shows up
 * outside tsx, such as an npm package whose named exports Node's ESM loader cannot see.
 */
describe('production bundle', () => {
  let scratch: string;
  let webDist: string;
  const bundle = inject('serverBundle');
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'casino-bundle-data-'));
    webDist = await mkdtemp(join(tmpdir(), 'casino-bundle-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>lobby</title>');
    await writeFile(join(webDist, 'assets', 'main-1a2b3c.js'), 'export {};');
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves the API and the web app from one process, run from the repository root', async () => {
    const server = spawnServer(
      [relative(join(serverPackageRoot, '../..'), bundle)],
      {
        NODE_ENV: 'production',
        WEB_DIST_DIR: webDist,
        DATA_DIR: join(scratch, 'data'),
        API_DOCS: 'true',
      },
      join(serverPackageRoot, '../..'),
    );
    try {
      const url = await server.listening;
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      const page = await fetch(`${url}/profile/balance`);
      expect(await page.text()).toContain('<title>lobby</title>');
      const asset = await fetch(`${url}/assets/main-1a2b3c.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const docs = await fetch(`${url}/api/docs/json`);
      expect(docs.status).toBe(200);
      // Accounts load files and native code at run time (common-password list, argon2):
      // a registration shows that the bundle finds them.
      const register = (password: string) =>
        fetch(`${url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: 'bundle_player',
            email: 'bundle@example.com',
            password,
            confirmPassword: password,
            dateOfBirth: '1990-01-01',
            acceptTerms: true,
          }),
        });
      const common = await register('password1');
      expect(((await common.json()) as { error: { code: string } }).error.code).toBe(
        'PASSWORD_TOO_COMMON',
      );
      expect((await register('a fine bundle passphrase')).status).toBe(201);
    } finally {
      server.stop('SIGTERM');
    }
    const { code } = await server.exited;
    expect(code).toBe(0);
  }, 60_000);
});
