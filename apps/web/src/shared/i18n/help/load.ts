import type { Language } from '@casino/contracts';
import { addLanguageLoader, i18n } from '../i18n';

const bundles: Record<Language, () => Promise<object>> = {
  en: () => import('./en').then((module) => module.helpEn),
  ru: () => import('./ru').then((module) => module.helpRu),
};

const loaded = new Set<Language>();

async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const texts = await bundles[language]();
  i18n.addResourceBundle(language, 'translation', texts, true, false);
  loaded.add(language);
}

let ready: Promise<void> | null = null;

/**
 * The help centre and information page texts of
 * the active language only, downloaded next to the page that needs them: the router
 * awaits this together with the page's chunk, so both arrive in parallel. A language switch
 * fetches the other language before it happens (`addLanguageLoader`).
 */
export function loadHelpMessages(): Promise<void> {
  ready ??= addLanguageLoader(loadLanguage).catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** A lazy page import that also waits for the help texts. */
export function withHelpMessages<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, loadHelpMessages()]).then(([module]) => module);
}
