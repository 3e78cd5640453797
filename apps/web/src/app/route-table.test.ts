import { isWebRoute } from '@casino/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every page path of the router, with `:param` and `*` as sample segments. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent : route.path ? `${parent}/${route.path}` : parent;
    const here = route.element && (route.index || route.path) ? [own || '/'] : [];
    return [...here, ...pagePaths(route.children ?? [], own)];
  });
}

describe('the route table the server knows (packages/contracts web-routes.ts)', () => {
  const paths = pagePaths(routes).filter((path) => path !== '/*');

  it('holds every page of the router, so none of them is answered with 404', () => {
    expect(paths.length).toBeGreaterThan(15);
    const sample = (path: string) =>
      path.replace(/:[^/]+/g, 'sample').replace(/\/\*$/, '/deeper/still');
    const missing = paths.filter((path) => !isWebRoute(sample(path)));
    expect(missing).toEqual([]);
  });

  it('leaves the catch-all page (404) out', () => {
    expect(pagePaths(routes)).toContain('/*');
    expect(isWebRoute('/no-such-page')).toBe(false);
  });
});
