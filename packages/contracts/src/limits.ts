/** Business constants of SPEC §9, shared by server and web so both enforce the same numbers. */
export const limits = {
  gamePageSize: 20,
  maxGamePage: 10,
  gameSkeletonTiles: 14,
  casinoSkeletonTiles: 7,
  topGamesCollapsed: 7,
  topGamesExpanded: 14,
  avatarMaxBytes: 1024 * 1024,
  otpLength: 6,
  availabilityDebounceMs: 1000,
  debounceDefaultMs: 500,
  bannerMobileMaxWidth: 768,
  currency: 'USD',
} as const;

export const languages = ['en', 'ru'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'ru';

export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];

/** Keys of the browser's local storage (SPEC §3 "Client storage"). */
export const storageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  lang: 'lang',
  theme: 'theme',
} as const;
