import { z } from 'zod';
import {
  bannerCopySchema,
  bannerCuts,
  bannerGuestActions,
  bannerLinkSchema,
  publicBannerSchema,
} from '../banners';

/**
 * The home carousel's banners in the back office (issue 30, decision 090): `banners:manage`
 * (marketing, admin). A banner is live while it is not retired, has both cuts of its art and
 * the clock is within its schedule.
 */

const reason = z.string().trim().min(1).max(500);
const when = z.iso.datetime({ offset: true }).nullable();

export const staffBannerStates = ['live', 'scheduled', 'ended', 'incomplete', 'retired'] as const;
export type StaffBannerState = (typeof staffBannerStates)[number];

export const staffBannerSchema = publicBannerSchema.extend({
  desktop: z.string().nullable(),
  mobile: z.string().nullable(),
  /** 1, 2, …: the carousel's order among the banners not retired. */
  position: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  retired_at: z.string().nullable(),
  state: z.enum(staffBannerStates),
  updated_at: z.string(),
});
export type StaffBanner = z.infer<typeof staffBannerSchema>;

export const staffBannersResponseSchema = z.object({
  data: z.array(staffBannerSchema),
  /** The server's clock: the states above are as of this moment. */
  now: z.string(),
});

export const staffBannerBodySchema = z
  .object({
    link: bannerLinkSchema,
    guest_action: z.enum(bannerGuestActions).nullable().default(null),
    copy: z.object({ en: bannerCopySchema, ru: bannerCopySchema }),
    starts_at: when.default(null),
    ends_at: when.default(null),
  })
  .refine((b) => !b.starts_at || !b.ends_at || Date.parse(b.ends_at) > Date.parse(b.starts_at), {
    message: 'The end must come after the start.',
    path: ['ends_at'],
  });
export type StaffBannerBody = z.input<typeof staffBannerBodySchema>;

export const staffBannerParamsSchema = z.object({ bannerId: z.uuid() });
export const staffBannerArtParamsSchema = z.object({
  bannerId: z.uuid(),
  cut: z.enum(bannerCuts),
});

/** The new order: every banner not retired, each once, first to last. */
export const staffBannerOrderSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
});

export const staffBannerRetireSchema = z.object({ reason });
