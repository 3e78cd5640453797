import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCheckCommand, staffCreateCommand } from '../../src/features/staff/staff-commands';
import { asStaff, buildStaffApp, type StaffApp } from './staff-helpers';

/** /backoffice/ with its own CSP, BACKOFFICE_ORIGIN's CORS, and the two commands. */

describe('the built back office at /backoffice/', () => {
  let t: StaffApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'backoffice-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Back office</title>');
    await writeFile(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await buildStaffApp({ env: { BACKOFFICE_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the page for every client route, with its own CSP (not the players’)', async () => {
    for (const url of ['/backoffice/', '/backoffice/players/42', '/backoffice/setup']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Back office</title>');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      // No frames: a PDF is shown as pictures of its pages, never opened inline (decision 081).
      expect(csp).toContain("frame-src 'none'");
      expect(csp).not.toMatch(/frame-src[^;]*blob:/);
      // The players' policy lets studios' frames and any https image in; this one does not.
      expect(csp).not.toContain('https:');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/backoffice/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const bare = await t.app.inject({ method: 'GET', url: '/backoffice' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/backoffice/');
  });
});

describe('BACKOFFICE_ORIGIN', () => {
  it('answers its preflight and its calls with CORS for that origin only; links point there', async () => {
    const origin = 'https://office.casino.example';
    const t = await buildStaffApp({ env: { BACKOFFICE_ORIGIN: `${origin}/` } });
    try {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/operator/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      const other = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/operator/auth/login',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.statusCode).toBe(404);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const call = await t.app.inject({
        method: 'POST',
        url: '/api/operator/chat/mutes',
        headers: { origin, authorization: 'Bearer staff-test-service-token-0123456789abcdef' },
        payload: { user: 'nobody_here', minutes: 0, reason: 'x' },
      });
      expect(call.statusCode).toBe(404);
      expect(call.headers['access-control-allow-origin']).toBe(origin);
      const created = await t.app.staff.auth.createAccount(
        { email: 'origin@orbita.test', roles: ['support'] },
        { system: 'test' },
      );
      expect(created.setupLink.startsWith(`${origin}/backoffice/setup#`)).toBe(true);
      const me = await asStaff(t, 'service', 'GET', '/api/operator/auth/me');
      expect(me.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('npm run staff:create and audit:check', () => {
  it('prints a one-time set-up link valid for 24 hours; the audit chain holds', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'staff-command-'));
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      env: { DATA_DIR: dataDir, NODE_ENV: 'test' },
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
    };
    try {
      expect(await staffCreateCommand(['--email', 'Boss@Orbita.test', '--role', 'admin'], io)).toBe(
        0,
      );
      expect(out.join('\n')).toContain('boss@orbita.test (admin)');
      expect(out.join('\n')).toContain('valid for 24 hours');
      expect(out.at(-1)).toMatch(/^\/backoffice\/setup#[A-Za-z0-9_-]{43}$/);
      expect(await staffCreateCommand(['--email', 'boss@orbita.test', '--role', 'admin'], io)).toBe(
        1,
      );
      expect(await staffCreateCommand(['--email', 'x@orbita.test', '--role', 'king'], io)).toBe(1);
      expect(err.join('\n')).toContain('usage: npm run staff:create');
      out.length = 0;
      expect(await auditCheckCommand(io)).toBe(0);
      expect(out.join('\n')).toContain('1 rows, the hash chain holds');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
