import { permissionsOf, staffRoutes } from '@casino/contracts/operator';
import { describe, expect, it } from 'vitest';
import { navItems, visibleNavItems } from './nav-items';

const sections = (roles: Parameters<typeof permissionsOf>[0]) =>
  visibleNavItems(permissionsOf(roles)).map((item) => item.to);

describe('the sections a role sees', () => {
  it('gives support the players, support desk and chat, not the money or the staff', () => {
    const seen = sections(['support']);
    expect(seen).toEqual(
      expect.arrayContaining(['/', '/players', '/support', '/chat', '/sessions']),
    );
    expect(seen).not.toContain('/withdrawals');
    expect(seen).not.toContain('/staff');
    expect(seen).not.toContain('/audit');
  });

  it('gives payments the withdrawal and identity queues and the finance reports', () => {
    expect(sections(['payments'])).toEqual(
      expect.arrayContaining(['/withdrawals', '/identity', '/reports']),
    );
    expect(sections(['support'])).not.toContain('/reports');
  });

  it('gives marketing the games and lobby, not payments', () => {
    expect(sections(['marketing'])).toContain('/games');
    expect(sections(['payments'])).not.toContain('/games');
  });

  it('gives support and marketing the content screen, not payments or risk', () => {
    expect(sections(['support'])).toContain('/content');
    expect(sections(['marketing'])).toContain('/content');
    expect(sections(['payments'])).not.toContain('/content');
    expect(sections(['risk'])).not.toContain('/content');
  });

  it('gives an admin every section, staff management included', () => {
    expect(sections(['admin'])).toEqual(navItems.map((item) => item.to));
  });

  it('unites the sections of several roles', () => {
    const seen = sections(['support', 'payments']);
    expect(seen).toEqual(expect.arrayContaining(['/chat', '/withdrawals']));
  });

  // A section is shown by the permission of the route it first calls, so the menu never offers
  // a screen whose first request the server refuses.
  it('names, for each section, a permission that the staff API knows', () => {
    const known = new Set<string>(Object.values(staffRoutes).map((route) => route.permission));
    for (const item of navItems) {
      if (item.permission !== null) expect(known.has(item.permission)).toBe(true);
    }
  });
});
