import type { TFunction } from 'i18next';

const locales = { en: 'en_US', ru: 'ru_RU' } as const;

function setMeta(selector: string, content: string): void {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', content);
}

/**
 * The page's description and social preview (Open Graph, Twitter card) in the active language.
 * index.html carries the Russian ones for crawlers that run no script; this keeps them in step
 * with the language the player chose (issue 16, SEO).
 */
export function applyDocumentMeta(t: TFunction, language: string): void {
  const description = t('app.description');
  setMeta('meta[name="description"]', description);
  setMeta('meta[property="og:description"]', description);
  setMeta('meta[name="twitter:description"]', description);
  setMeta('meta[property="og:title"]', t('app.socialTitle'));
  setMeta('meta[name="twitter:title"]', t('app.socialTitle'));
  const locale = language === 'en' ? locales.en : locales.ru;
  setMeta('meta[property="og:locale"]', locale);
  setMeta('meta[property="og:locale:alternate"]', locale === locales.en ? locales.ru : locales.en);
}
