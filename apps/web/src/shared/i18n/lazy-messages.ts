import type { Language } from '@casino/contracts';
import { addLanguageLoader, i18n } from './i18n';

/** A group of texts downloaded on demand: each language's bundle as its own chunk. */
export type MessageBundles = Record<Language, () => Promise<object>>;

/**
 * The texts of a group (the lobby's, the help centre's) of the active language only,
 * downloaded next to the page that needs them: the router awaits `load()` together with the
 * page's chunk (`withMessages`), so both arrive in parallel. A language switch fetches the
 * other language before it happens (`addLanguageLoader`).
 */
export function lazyMessages(bundles: MessageBundles) {
  const loaded = new Set<Language>();
  let ready: Promise<void> | null = null;

  async function loadLanguage(language: Language): Promise<void> {
    if (loaded.has(language)) return;
    const texts = await bundles[language]();
    i18n.addResourceBundle(language, 'translation', texts, true, false);
    loaded.add(language);
  }

  function load(): Promise<void> {
    ready ??= addLanguageLoader(loadLanguage).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  return {
    load,
    /** A lazy page import that also waits for the texts. */
    withMessages: <T>(page: Promise<T>): Promise<T> =>
      Promise.all([page, load()]).then(([module]) => module),
  };
}
