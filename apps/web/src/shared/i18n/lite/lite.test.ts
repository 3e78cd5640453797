import { describe, expect, it, vi } from 'vitest';
import { en } from '../en';
import { ru } from '../ru';
import liteI18next from './i18next';

type Instance = typeof liteI18next;

// The i18next package itself (the bare name resolves to the small one): its ES module file.
const packageFile = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /apps\/web\/src\/shared\/i18n\/lite\/lite\.test\.ts$/,
  'node_modules/i18next/dist/esm/i18next.js',
);
const realI18next = ((await import(/* @vite-ignore */ packageFile)) as { default: Instance })
  .default;

const options = () => ({
  resources: {
    en: { translation: structuredClone({ ...en, t: { hello: 'Hi {{name}}', n: { deep: 'D' } } }) },
    ru: {
      translation: structuredClone({
        ...ru,
        t: {
          hello: 'Привет, {{name}}',
          only: 'только ru',
          item_one: '{{count}} игра',
          item_few: '{{count}} игры',
          item_many: '{{count}} игр',
        },
      }),
    },
  },
  lng: 'en',
  fallbackLng: 'ru',
  supportedLngs: ['en', 'ru'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function both(): [Instance, Instance] {
  const real = realI18next.createInstance();
  void real.init(options());
  const lite = liteI18next.createInstance();
  void lite.init(options());
  return [real, lite];
}

describe('the small i18next (decision 056) answers as i18next does', () => {
  it('looks up, interpolates, falls back and returns missing keys', () => {
    for (const i18n of both()) {
      const t = i18n.t;
      expect(t('t.hello', { name: 'Ann' })).toBe('Hi Ann');
      expect(t('t.only')).toBe('только ru');
      expect(t('t.missing')).toBe('t.missing');
      expect(t('app.titleTemplate', { page: 'X' })).toBe(
        en.app.titleTemplate.replace('{{page}}', 'X'),
      );
      expect(i18n.language).toBe('en');
      expect(i18n.resolvedLanguage).toBe('en');
    }
  });

  it('changes language synchronously, with an event, and picks plural forms', async () => {
    for (const i18n of both()) {
      const listener = vi.fn();
      i18n.on('languageChanged', listener);
      const done = i18n.changeLanguage('ru');
      expect(i18n.language).toBe('ru');
      expect(listener).toHaveBeenCalledWith('ru');
      await done;
      const t = i18n.t;
      expect(t('t.hello', { name: 'Аня' })).toBe('Привет, Аня');
      expect([1, 3, 5, 21].map((count) => t('t.item', { count }))).toEqual([
        '1 игра',
        '3 игры',
        '5 игр',
        '21 игра',
      ]);
      i18n.off('languageChanged', listener);
      await i18n.changeLanguage('en');
      expect(listener).toHaveBeenCalledTimes(1);
    }
  });

  it('adds bundles deep without overwriting, and reports them', () => {
    for (const i18n of both()) {
      expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
      expect(i18n.getResource('en', 'translation', 'x.y')).toBeUndefined();
      i18n.addResourceBundle(
        'en',
        'translation',
        { x: { y: 'Y' }, t: { hello: 'no' } },
        true,
        false,
      );
      expect(i18n.getResource('en', 'translation', 'x.y')).toBe('Y');
      expect(i18n.t('t.hello', { name: 'A' })).toBe('Hi A');
      expect(i18n.t('t.n.deep')).toBe('D');
    }
  });
});
