/*
 * The part of react-i18next this app uses (decision 056): `useTranslation` (re-renders on a
 * language change, as react-i18next does by default; a resource bundle added later does not
 * re-render), `I18nextProvider` and `initReactI18next`. Resolved in place of `react-i18next` by
 * the bundler (`i18nLiteAliases`); the types still come from react-i18next.
 */
import {
  createContext,
  createElement,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { I18n, TFunction } from './i18next';

let registered: I18n | undefined;

/** `i18n.use(initReactI18next)`: the instance `useTranslation` falls back to without a provider. */
export const initReactI18next = {
  type: '3rdParty',
  init(instance: I18n) {
    registered = instance;
  },
};

const I18nContext = createContext<I18n | undefined>(undefined);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export function useTranslation() {
  const i18n = useContext(I18nContext) ?? registered;
  if (!i18n) throw new Error('useTranslation: no i18n instance (i18n.use(initReactI18next))');
  const language = useSyncExternalStore(
    (changed) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    () => i18n.language,
  );
  return useMemo(() => {
    // A new function per language, as react-i18next gives: effects that depend on it re-run.
    const t: TFunction = (key, options) => i18n.t(key, options);
    return Object.assign([t, i18n, true] as const, { t, i18n, ready: true, language });
  }, [i18n, language]);
}
