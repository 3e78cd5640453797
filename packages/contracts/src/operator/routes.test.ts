import { describe, expect, it } from 'vitest';
import {
  permissions,
  permissionsOf,
  rolePermissions,
  serviceAccountPermissions,
} from './permissions';
import { staffRoutePath, staffRoutes } from './routes';

describe('the staff route table', () => {
  const rows = Object.entries(staffRoutes);

  it('has one row per method and path, all under /api/operator', () => {
    const keys = rows.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [id, r] of rows) expect(r.path, id).toMatch(/^\/api\/operator\//);
  });

  it('names a known permission (or public/session) on every route', () => {
    for (const [id, r] of rows) {
      expect([...permissions, 'public', 'session'], id).toContain(r.permission);
    }
  });

  it('audits every route that changes something', () => {
    for (const [id, r] of rows) {
      if (r.method !== 'GET' && id !== 'auth.setup.begin') expect(r.audit, id).toBe('change');
    }
  });

  it('fills in path parameters', () => {
    expect(staffRoutePath('players.detail', { userId: 'a/b' })).toBe('/api/operator/players/a%2Fb');
    expect(() => staffRoutePath('players.detail')).toThrow(/userId/);
  });
});

describe('roles', () => {
  it('admin holds every permission; only admin manages staff', () => {
    expect(permissionsOf(['admin'])).toEqual([...permissions]);
    for (const role of ['support', 'payments', 'risk', 'marketing'] as const) {
      expect(rolePermissions[role]).not.toContain('staff:manage');
    }
    expect(serviceAccountPermissions).not.toContain('staff:manage');
  });

  it('several roles give the union', () => {
    const both = permissionsOf(['support', 'risk']);
    expect(both).toContain('chat:moderate');
    expect(both).toContain('players:block');
    expect(both).not.toContain('withdrawals:decide');
  });
});
