import type { BannerCopy, Language, PublicBanner, PublicBanners } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseSchema } from '../../../shared/lib/api-client';

/**
 * The home carousel's banners, from the server (GET /api/banners, decision 090): staff write
 * them in the back office, with both languages' copy over art that carries no text (SPEC §3
 * "Banner"). The answer is the same for every player, so it is asked without the session's
 * token: the page's preload of it (a guest's home page) is then the very request the app makes.
 */
export type BannerSlide = PublicBanner;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): value is string => typeof value === 'string';

function copyOf(value: unknown): BannerCopy | null {
  if (!isRecord(value)) return null;
  const { eyebrow, title, text, cta } = value;
  if (!str(title) || !str(cta)) return null;
  return { eyebrow: str(eyebrow) ? eyebrow : '', title, text: str(text) ? text : '', cta };
}

/** One banner, or null when it lacks what a slide needs (it is then left out). */
export function toBannerSlide(value: unknown): BannerSlide | null {
  if (!isRecord(value) || !isRecord(value.copy)) return null;
  const { id, desktop, mobile, link } = value;
  const en = copyOf(value.copy.en);
  const ru = copyOf(value.copy.ru);
  if (!str(id) || !str(desktop) || !str(mobile) || !str(link) || !en || !ru) return null;
  // Only paths of this site: a banner never sends a player elsewhere (the server checks too).
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  return {
    id,
    desktop,
    mobile,
    link,
    guest_action: value.guest_action === 'register' ? 'register' : null,
    copy: { en, ru },
  };
}

/**
 * Checked by hand rather than with the contract's zod schema: the home page is the first
 * download, and zod stays out of it (decision 056).
 */
export const bannersGuard: ResponseSchema<PublicBanners> = {
  parse(data: unknown): PublicBanners {
    const list = (data as { data?: unknown } | null)?.data;
    if (!Array.isArray(list)) throw new Error('banners: data is not a list');
    return { data: list.map(toBannerSlide).filter((b): b is BannerSlide => b !== null) };
  },
};

export function fetchBanners(signal?: AbortSignal): Promise<PublicBanners> {
  return api.get('/banners', { schema: bannersGuard, signal, session: false });
}

/** The same for every player; the app's caching applies (fresh 5 minutes, one retry). */
export const bannersOptions = queryOptions({
  queryKey: ['banners'] as const,
  queryFn: ({ signal }) => fetchBanners(signal),
});

export function useBanners() {
  return useQuery(bannersOptions);
}

/** The copy in the interface's language. */
export const copyIn = (slide: BannerSlide, language: Language): BannerCopy => slide.copy[language];

/** The artwork's sizes, so the browser reserves the space before it arrives. */
export const bannerSize = {
  desktop: { width: 1600, height: 500 },
  mobile: { width: 750, height: 900 },
} as const;
