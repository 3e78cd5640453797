import type { BrowserContextOptions } from '@playwright/test';

/**
 * The two screens the players' layout and accessibility checks run on (issue 16): a phone held
 * upright and a wide desktop. `options` go into `browser.newContext`.
 */
export const screens = [
  {
    name: 'phone',
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  {
    name: 'desktop',
    options: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
  },
] as const satisfies readonly { name: string; options: BrowserContextOptions }[];

export type Screen = (typeof screens)[number];
