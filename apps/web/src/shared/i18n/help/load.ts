import { lazyMessages } from '../lazy-messages';

/** The help centre and information page texts, downloaded with their pages (lazy-messages.ts). */
const help = lazyMessages({
  en: () => import('./en').then((module) => module.helpEn),
  ru: () => import('./ru').then((module) => module.helpRu),
});

export const loadHelpMessages = help.load;
export const withHelpMessages = help.withMessages;
