import type { StaffBanner } from '@casino/contracts/operator';
import { multipart, solid } from '../helpers/images';
import type { StaffApp, StaffMember } from '../staff/staff-helpers';

/** A banner body as the back office's form sends it. */
export function bannerBody(title: string, schedule: { starts_at?: string; ends_at?: string } = {}) {
  return {
    link: '/casino?tab=new',
    guest_action: null,
    copy: {
      en: { eyebrow: 'New', title, text: 'Fresh games every week.', cta: 'Play now' },
      ru: {
        eyebrow: 'Новинка',
        title: `${title} (ru)`,
        text: 'Новые игры каждую неделю.',
        cta: 'Играть',
      },
    },
    starts_at: schedule.starts_at ?? null,
    ends_at: schedule.ends_at ?? null,
  };
}

/** Uploads one cut of a banner's art as `who` (multipart, field "file"). */
export async function uploadArt(
  t: StaffApp,
  who: StaffMember,
  bannerId: string,
  cut: 'desktop' | 'mobile',
  file: { content: Buffer | string; filename?: string; type?: string },
) {
  const body = await multipart([
    {
      name: 'file',
      content: file.content,
      filename: file.filename ?? 'art.png',
      type: file.type ?? 'image/png',
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/operator/banners/${bannerId}/art/${cut}`,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}

/** A PNG of the given size (any content: the server crops and re-encodes it). */
export const pngArt = (width: number, height: number, colour = '#6b4cff') =>
  solid(width, height, colour).png().toBuffer();

/** Creates a banner with both cuts of its art; returns it as the back office sees it. */
export async function createLiveBanner(
  t: StaffApp,
  who: StaffMember,
  title: string,
  schedule: { starts_at?: string; ends_at?: string } = {},
): Promise<StaffBanner> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/operator/banners',
    headers: { cookie: who.cookie },
    payload: bannerBody(title, schedule),
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  const id = created.json<StaffBanner>().id;
  for (const cut of ['desktop', 'mobile'] as const) {
    const res = await uploadArt(t, who, id, cut, { content: await pngArt(800, 600) });
    if (res.statusCode !== 200) throw new Error(`art ${cut}: ${res.body}`);
  }
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/operator/banners',
    headers: { cookie: who.cookie },
  });
  return list.json<{ data: StaffBanner[] }>().data.find((b) => b.id === id)!;
}
