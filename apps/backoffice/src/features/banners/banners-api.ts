import type { BannerCut } from '@casino/contracts';
import { staffRoutes, type StaffBanner } from '@casino/contracts/operator';
import { call } from '../../shared/api/client';

export const bannersKey = ['banners'] as const;

/**
 * One cut of a banner's art as multipart (field "file"): the route table's row has no JSON
 * body, so the typed `staffCall` does not apply; its path and answer schema do.
 */
export function uploadBannerArt(
  bannerId: string,
  cut: BannerCut,
  file: File,
): Promise<StaffBanner> {
  const route = staffRoutes['banners.art'];
  const body = new FormData();
  body.append('file', file);
  return call<StaffBanner>(
    { method: route.method, path: route.path },
    {
      params: { bannerId, cut },
      body,
      schemaFor: (status) => (status === 200 ? route.response[200] : undefined),
    },
  );
}
