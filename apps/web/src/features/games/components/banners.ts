import type { Banner } from '@casino/contracts';

/**
 * The four slides of the home carousel (SPEC §3 "Banner"). The artwork (public/banners/, drawn
 * for this app) carries no text: the headline, sub-line and call to action are translated HTML
 * laid over it, so both languages read well and stay sharp.
 */
export interface BannerSlide extends Banner {
  id: 'universe' | 'welcome' | 'tables' | 'demo';
  /** Where the call to action goes. */
  to: string;
  /** Guests get this modal instead of the link (the welcome bonus needs an account). */
  guestModal?: 'register';
}

export const bannerSlides: readonly BannerSlide[] = [
  {
    id: 'universe',
    desktop: '/banners/universe-desktop.svg',
    mobile: '/banners/universe-mobile.svg',
    to: '/casino',
  },
  {
    id: 'welcome',
    desktop: '/banners/welcome-desktop.svg',
    mobile: '/banners/welcome-mobile.svg',
    to: '/profile/bonus',
    guestModal: 'register',
  },
  {
    id: 'tables',
    desktop: '/banners/tables-desktop.svg',
    mobile: '/banners/tables-mobile.svg',
    to: '/other',
  },
  {
    id: 'demo',
    desktop: '/banners/demo-desktop.svg',
    mobile: '/banners/demo-mobile.svg',
    to: '/casino?tab=top',
  },
];

/** The artwork's sizes, so the browser reserves the space before it arrives. */
export const bannerSize = {
  desktop: { width: 1600, height: 500 },
  mobile: { width: 750, height: 900 },
} as const;
