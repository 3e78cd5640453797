import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../i18n';
import { loadGamesMessages } from './load';

afterEach(async () => {
  await i18n.changeLanguage('ru');
});

describe('lobby texts', () => {
  it('load for the active language only', async () => {
    await loadGamesMessages();
    expect(i18n.t('games.home.top')).toBe('Топ игр');
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(true);
    expect(i18n.getResource('en', 'translation', 'games.home.top')).toBeUndefined();
  });

  it('arrive before a language switch happens, so no key ever shows', async () => {
    await loadGamesMessages();
    const seen: string[] = [];
    const listener = () => seen.push(i18n.t('games.home.top'));
    i18n.on('languageChanged', listener);
    setLanguage('en');
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
    i18n.off('languageChanged', listener);
    expect(seen).toEqual(['Top games']);
    expect(localStorage.getItem('lang')).toBe('en');
  });
});
