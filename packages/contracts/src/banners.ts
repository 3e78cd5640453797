import { z } from 'zod';

/**
 * The home carousel's banners, from the server (issue 30, decision 090). Staff write them in
 * the back office; the player app reads the live ones, in order, with both languages' copy
 * (the answer is the same for every player and language, so it can be cached and preloaded).
 */
export const bannerLimits = {
  eyebrowMax: 40,
  titleMax: 80,
  textMax: 200,
  ctaMax: 30,
  linkMax: 200,
  /** Largest art file accepted, in bytes (checked before and while it is read). */
  artMaxBytes: 3 * 1024 * 1024,
  /** Wider or taller input is refused before any pixel is decoded. */
  artMaxDimension: 6000,
  /** Live banners at most (the carousel's dots stay usable). */
  liveMax: 12,
} as const;

/** The two cuts of the art, and the size each is stored at (cropped to fill, WebP). */
export const bannerCuts = ['desktop', 'mobile'] as const;
export type BannerCut = (typeof bannerCuts)[number];
export const bannerArtSize = {
  desktop: { width: 1600, height: 500 },
  mobile: { width: 750, height: 900 },
} as const satisfies Record<BannerCut, { width: number; height: number }>;

/** One language's words on a banner: the art carries no text (SPEC §3 "Banner"). */
export const bannerCopySchema = z.object({
  eyebrow: z.string().trim().max(bannerLimits.eyebrowMax),
  title: z.string().trim().min(1).max(bannerLimits.titleMax),
  text: z.string().trim().max(bannerLimits.textMax),
  cta: z.string().trim().min(1).max(bannerLimits.ctaMax),
});
export type BannerCopy = z.infer<typeof bannerCopySchema>;

/**
 * Where the call to action goes: a path of this site only ("/casino?tab=top"), never another
 * origin or a `javascript:` URL, so a banner cannot send players away.
 */
export const bannerLinkSchema = z
  .string()
  .trim()
  .max(bannerLimits.linkMax)
  .regex(/^\/(?![/\\])[^\s<>"]*$/, 'A path of this site, starting with one "/".');

/** What a guest gets instead of the link: the welcome bonus needs an account. */
export const bannerGuestActions = ['register'] as const;

export const publicBannerSchema = z.object({
  id: z.string(),
  /** The wide art's URL (over 768 px). */
  desktop: z.string(),
  /** The phone art's URL (768 px wide or less). */
  mobile: z.string(),
  link: z.string(),
  guest_action: z.enum(bannerGuestActions).nullable(),
  copy: z.object({ en: bannerCopySchema, ru: bannerCopySchema }),
});
export type PublicBanner = z.infer<typeof publicBannerSchema>;

/** GET /api/banners: the banners live now, in their order. */
export const publicBannersResponseSchema = z.object({ data: z.array(publicBannerSchema) });
export type PublicBanners = z.infer<typeof publicBannersResponseSchema>;

/** Names of uploaded art (served at /api/banners/art/:name); nothing else is served there. */
export const bannerArtNamePattern = /^[0-9a-f]{32}\.webp$/;

/** The banners' own error codes (beside the general ones and the image codes of avatars). */
export const bannerErrorCodes = {
  /** A retired banner is kept as it was: it cannot be edited, given art or moved. */
  BANNER_RETIRED: 'BANNER_RETIRED',
  /** The order sent does not name exactly the banners not retired (someone changed them). */
  BANNER_ORDER_STALE: 'BANNER_ORDER_STALE',
} as const;
export type BannerErrorCode = (typeof bannerErrorCodes)[keyof typeof bannerErrorCodes];
