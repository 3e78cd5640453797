import type { StaffBanner } from '@casino/contracts/operator';
import type { LightMyRequestResponse } from 'fastify';
import type { StaffApp, StaffMember } from '../staff/staff-helpers';
import { bannerBody, pngArt, uploadArt } from './banner-helpers';

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * The audit log test's scenarios of the banners' routes (decision 090), as the admin; `app`
 * and `admin` are read when a scenario runs (the test builds them in beforeAll).
 */
export function bannerScenarios(app: () => StaffApp, admin: () => StaffMember, call: Call) {
  const create = async () =>
    (await call('POST', '/api/operator/banners', bannerBody('Audited'))).json<StaffBanner>();
  const result = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });
  return {
    'banners.create': async () =>
      result(await call('POST', '/api/operator/banners', bannerBody('A'))),
    'banners.update': async () => {
      const banner = await create();
      return result(await call('PUT', `/api/operator/banners/${banner.id}`, bannerBody('B')));
    },
    'banners.art': async () => {
      const banner = await create();
      return result(
        await uploadArt(app(), admin(), banner.id, 'desktop', { content: await pngArt(400, 200) }),
      );
    },
    'banners.reorder': async () => {
      await create();
      const list = await call('GET', '/api/operator/banners');
      const ids = list
        .json<{ data: StaffBanner[] }>()
        .data.filter((b) => b.state !== 'retired')
        .map((b) => b.id);
      return result(await call('POST', '/api/operator/banners/reorder', { ids: ids.reverse() }));
    },
    'banners.retire': async () => {
      const banner = await create();
      return result(
        await call('POST', `/api/operator/banners/${banner.id}/retire`, {
          reason: 'campaign over',
        }),
      );
    },
  };
}
