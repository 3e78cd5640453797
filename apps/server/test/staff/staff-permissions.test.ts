import {
  permissionsOf,
  serviceAccountPermissions,
  staffRoles,
  staffRoutes,
  type StaffRoute,
  type StaffRouteId,
} from '@casino/contracts/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from './staff-helpers';

/**
 * Every staff route against every role, the service account and a player, generated from the
 * route table: a route added to the table is tested here without a line more, and a route
 * the app serves under /api/operator without a row fails the first test.
 */

const nobody = '00000000-0000-4000-8000-000000000000';
const rows = Object.entries(staffRoutes) as [StaffRouteId, StaffRoute][];
const guarded = rows.filter(([, r]) => r.permission !== 'public');

function urlOf(route: StaffRoute): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    name === 'id' && route.path.includes('/chat/') ? '1' : nobody,
  );
}

const send = (t: StaffApp, who: StaffMember | 'service', route: StaffRoute) =>
  asStaff(t, who, route.method, urlOf(route), route.method === 'GET' ? undefined : {});

interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

describe('staff permissions, from the route table', () => {
  let t: StaffApp;
  let player: SignedInPlayer;
  const members = new Map<string, StaffMember>();

  beforeAll(async () => {
    t = await buildStaffApp();
    player = await createPlayer(t);
    for (const role of staffRoles) members.set(role, await createStaff(t, [role]));
  });
  afterAll(async () => {
    await t.close();
  });

  it('the app serves exactly the table under /api/operator', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDoc>();
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/operator'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const table = rows.map(([, r]) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(served.sort()).toEqual(table.sort());
  });

  it('every role: allowed where its permissions say, 403 FORBIDDEN elsewhere', async () => {
    for (const role of staffRoles) {
      const member = members.get(role);
      if (!member) throw new Error(role);
      const granted = new Set(permissionsOf([role]));
      for (const [id, route] of guarded) {
        if (id === 'auth.logout' || id === 'auth.sessions.end') continue; // would end the session
        const res = await send(t, member, route);
        const allowed = route.permission === 'session' || granted.has(route.permission as never);
        const label = `${role} ${id}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json<{ error: { code: string } }>().error.code, label).toBe('FORBIDDEN');
        }
      }
    }
  });

  it('only admin manages staff; several roles give the union', async () => {
    for (const [id, route] of guarded) {
      if (route.permission !== 'staff:manage') continue;
      for (const role of staffRoles) {
        const res = await send(t, members.get(role) as StaffMember, route);
        expect(res.statusCode === 403, `${role} ${id}`).toBe(role !== 'admin');
      }
    }
    const both = await createStaff(t, ['support', 'risk']);
    expect(
      (await asStaff(t, both, 'POST', `/api/operator/chat/messages/1/hide`, {})).statusCode,
    ).toBe(404);
    expect(
      (await asStaff(t, both, 'POST', `/api/operator/players/${nobody}/block`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await asStaff(t, both, 'POST', `/api/operator/payments/withdrawals/${nobody}/approve`))
        .statusCode,
    ).toBe(403);
  });

  it('the service account: its own permission set, never staff management', async () => {
    const granted = new Set(serviceAccountPermissions);
    expect(granted.has('staff:manage')).toBe(false);
    for (const [id, route] of guarded) {
      const res = await send(t, 'service', route);
      const label = `service ${id}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (route.permission === 'session') {
        // No session of its own: only "who am I".
        expect(res.statusCode, label).toBe(id === 'auth.me' ? 200 : 403);
      } else if (granted.has(route.permission as never)) {
        expect([401, 403], label).not.toContain(res.statusCode);
        expect(res.statusCode, label).toBeLessThan(500);
      } else {
        expect(res.statusCode, label).toBe(403);
      }
    }
  });

  it("a player's token is refused on every staff route (401), however valid", async () => {
    for (const [id, route] of guarded) {
      const res = await t.app.inject({
        method: route.method,
        url: urlOf(route),
        headers: { authorization: `Bearer ${player.accessToken}` },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, id).toBe(401);
      expect(res.json<{ error: { code: string } }>().error.code, id).toBe('UNAUTHORIZED');
    }
  });

  it("a staff member's session is refused on player routes", async () => {
    const admin = members.get('admin') as StaffMember;
    const token = admin.cookie.split('=')[1] ?? '';
    for (const headers of [{ cookie: admin.cookie }, { authorization: `Bearer ${token}` }]) {
      for (const url of ['/api/user/me', '/api/wallet/transactions', '/api/user/sessions']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(401);
      }
    }
  });
});
