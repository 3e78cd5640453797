import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './language';

describe('preferredLanguage', () => {
  it.each([
    [undefined, 'ru'],
    ['', 'ru'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['ru-RU,ru;q=0.9,en-US;q=0.8', 'ru'],
    ['de-DE,de;q=0.9,en;q=0.5,ru;q=0.4', 'en'],
    ['fr, ru;q=0.1, en;q=0.2', 'en'],
    ['en;q=0, ru;q=0.5', 'ru'],
    ['de', 'ru'],
    ['EN-gb', 'en'],
  ])('%j → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
