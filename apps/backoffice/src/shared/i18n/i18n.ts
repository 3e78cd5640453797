import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, saveLanguage, type Language } from '../lib/preferences';
import { en } from './en';
import { ru } from './ru';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

// Both languages are bundled (a work tool, not a landing page): the first render is translated.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ru: { translation: ru } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'ru'],
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

export function changeLanguage(language: Language): void {
  saveLanguage(language);
  void i18n.changeLanguage(language);
}
