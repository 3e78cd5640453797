import {
  defaultLanguage,
  languages,
  pageCookies,
  storageKeys,
  type Language,
} from '@casino/contracts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { writePreferenceCookie } from '../lib/preference-cookie';
import { readStorage, writeStorage } from '../lib/storage';
import type { AccountMessages } from './accounts/en';
import { applyDocumentMeta } from './document-meta';
import { en, type Messages } from './en';
import type { GamesMessages } from './games/en';
import type { BonusMessages } from './bonus/en';
import type { HelpMessages } from './help/en';
import type { TwoFactorMessages } from './two-factor/en';
import type { IdentityMessages } from './identity/en';
import type { FairMessages } from './fair/en';
import type { RgMessages } from './responsible-gaming/en';
import { ru } from './ru';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The account and lobby texts are added at run time by the screens that use them
    // (accounts/register.ts, games/load.ts); typing them here keeps every t() call checked.
    resources: {
      translation: Messages &
        AccountMessages &
        GamesMessages &
        BonusMessages &
        HelpMessages &
        TwoFactorMessages &
        IdentityMessages &
        FairMessages &
        RgMessages;
    };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The saved choice, else Russian (SPEC §4 "Language"). */
export function getInitialLanguage(): Language {
  const saved = readStorage(storageKeys.lang);
  return isLanguage(saved) ? saved : defaultLanguage;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  applyDocumentMeta(i18n.t, language);
});

// Resources are bundled, so initialisation finishes synchronously and the first render is
// already translated (no suspense, no flash of keys).
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ru: { translation: ru } },
  lng: getInitialLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/** Loads a feature's texts of one language (added with `addLanguageLoader`). */
export type LanguageLoader = (language: Language) => Promise<void>;

const languageLoaders = new Set<LanguageLoader>();

/**
 * Registers texts that are downloaded per language rather than bundled (a feature's own
 * resources: only the active language is fetched). Loads the current language now; every
 * language switch waits for the loaders, so a switch never shows untranslated keys.
 */
export function addLanguageLoader(loader: LanguageLoader): Promise<void> {
  languageLoaders.add(loader);
  const current = i18n.resolvedLanguage ?? i18n.language;
  return loader(isLanguage(current) ? current : defaultLanguage);
}

async function switchTo(language: Language): Promise<void> {
  await Promise.all(
    [...languageLoaders].map((load) =>
      // A text bundle that fails to load must not block the switch: it falls back to keys.
      load(language).catch((error: unknown) => console.error(error)),
    ),
  );
  await i18n.changeLanguage(language);
}

/** Switches the interface language and saves the choice under `lang`. */
export function setLanguage(language: Language): void {
  writeStorage(storageKeys.lang, language);
  writePreferenceCookie(pageCookies.lang, language);
  void switchTo(language);
}

/** Follows a language change made in another tab. Returns the unsubscribe function. */
export function syncLanguageAcrossTabs(): () => void {
  // The server sends the next page in the saved language (decision 057): a choice saved
  // before the cookie existed is copied once here.
  const saved = readStorage(storageKeys.lang);
  writePreferenceCookie(pageCookies.lang, isLanguage(saved) ? saved : null);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.lang && isLanguage(event.newValue)) {
      writePreferenceCookie(pageCookies.lang, event.newValue);
      void switchTo(event.newValue);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The current interface language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const current = instance.resolvedLanguage ?? instance.language;
  return isLanguage(current) ? current : defaultLanguage;
}
