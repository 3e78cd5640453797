import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { i18n } from './i18n';
import { ru } from './ru';

// This package's folder, from this file's address.
const webDir = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /\/src\/shared\/i18n\/document-meta\.test\.ts$/,
  '',
);

const content = (selector: string) =>
  document.head.querySelector(selector)?.getAttribute('content');

/**
 * Issue 16, SEO: the description and the social preview (Open Graph, Twitter card) per
 * language. index.html carries them in Russian for crawlers that run no script; the app keeps
 * them in the player's language.
 */
describe('the page’s description and social preview', () => {
  let saved: string;
  beforeAll(() => {
    saved = i18n.language;
    // The head of the page the server sends.
    const html = readFileSync(`${webDir}/index.html`, 'utf8');
    document.head.innerHTML = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  });
  afterAll(async () => {
    await i18n.changeLanguage(saved);
  });

  it('comes in Russian with the page, for crawlers', () => {
    expect(content('meta[name="description"]')).toBe(ru.app.description);
    expect(content('meta[property="og:description"]')).toBe(ru.app.description);
    expect(content('meta[property="og:title"]')).toBe(ru.app.socialTitle);
    expect(content('meta[property="og:locale"]')).toBe('ru_RU');
    expect(content('meta[property="og:image"]')).toBe('/og-image.jpg');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('follows the player’s language, both ways', async () => {
    await i18n.changeLanguage('en');
    expect(content('meta[name="description"]')).toBe(en.app.description);
    expect(content('meta[property="og:description"]')).toBe(en.app.description);
    expect(content('meta[name="twitter:description"]')).toBe(en.app.description);
    expect(content('meta[property="og:title"]')).toBe(en.app.socialTitle);
    expect(content('meta[name="twitter:title"]')).toBe(en.app.socialTitle);
    expect(content('meta[property="og:locale"]')).toBe('en_US');
    expect(content('meta[property="og:locale:alternate"]')).toBe('ru_RU');

    await i18n.changeLanguage('ru');
    expect(content('meta[name="description"]')).toBe(ru.app.description);
    expect(content('meta[name="twitter:title"]')).toBe(ru.app.socialTitle);
    expect(content('meta[property="og:locale"]')).toBe('ru_RU');
    expect(content('meta[property="og:locale:alternate"]')).toBe('en_US');
  });
});
