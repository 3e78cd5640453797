import { contentRoutes } from './content-routes';
import { bannerRoutes } from './banner-routes';
import { bonusRoutes } from './bonus-routes';
import { gameRoutes } from './game-routes';
import { playerRoutes } from './player-routes';
import { queueRoutes } from './queue-routes';
import { reportRoutes } from './report-routes';
import { staffAccountRoutes } from './staff-account-routes';

export { type StaffRoute, type StaffRouteAccess } from './route';

/**
 * THE route table of the staff API, one file per area: the server registers exactly these
 * routes, the permission tests are generated from it, and the back office types its calls
 * with it (see ./route.ts for what each field means).
 */
export const staffRoutes = {
  ...staffAccountRoutes,
  ...playerRoutes,
  ...queueRoutes,
  ...reportRoutes,
  ...gameRoutes,
  ...contentRoutes,
  ...bannerRoutes,
  ...bonusRoutes,
} as const;

export type StaffRouteId = keyof typeof staffRoutes;
export const staffRouteIds = Object.keys(staffRoutes) as StaffRouteId[];

/** `/api/operator/players/:userId` with `{ userId }` filled in (encoded). */
export function staffRoutePath(id: StaffRouteId, params: Record<string, string> = {}): string {
  return staffRoutes[id].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
