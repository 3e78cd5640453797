import { i18n } from './i18n';

/**
 * A group's texts in both languages, added to the translation resources the first time the
 * returned function runs. The lazily loaded modules that show them call it at their top, so
 * the texts travel with those modules and not with the first download.
 */
export function messagesRegistrar(en: object, ru: object): () => void {
  let registered = false;
  return () => {
    if (registered) return;
    registered = true;
    i18n.addResourceBundle('en', 'translation', en, true, false);
    i18n.addResourceBundle('ru', 'translation', ru, true, false);
  };
}
