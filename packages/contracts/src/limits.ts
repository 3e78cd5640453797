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

/**
 * Cookies that tell the server how to write the page it sends (decision 057): the saved theme
 * and language (<html class lang>, so the first paint is right without a blocking script) and
 * whether this browser keeps a session (then the page preloads no guest API answers). Hints
 * only: the server trusts none of them for anything else.
 */
export const pageCookies = {
  theme: 'theme',
  lang: 'lang',
  session: 'has_session',
} as const;
