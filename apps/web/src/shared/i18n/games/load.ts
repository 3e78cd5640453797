import { lazyMessages } from '../lazy-messages';

/**
 * The lobby texts (home, provider pages, casino, search, the Play modal, the game frame),
 * downloaded with the lobby page that needs them (lazy-messages.ts).
 */
const games = lazyMessages({
  en: () => import('./en').then((module) => module.gamesEn),
  ru: () => import('./ru').then((module) => module.gamesRu),
});

export const loadGamesMessages = games.load;
export const withGamesMessages = games.withMessages;
