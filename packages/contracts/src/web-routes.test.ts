import { describe, expect, it } from 'vitest';
import { isWebRoute } from './web-routes';

describe('isWebRoute', () => {
  it.each([
    '/',
    '/casino',
    '/casino/',
    '/endorphina',
    '/gbgames',
    '/pragmatic',
    '/other',
    '/search',
    '/search/book%20of%20ra',
    '/search/a/b',
    '/play/pragmatic/vs20olympgate',
    '/profile',
    '/profile/balance/widthdrawall',
    '/profile/balance/credit',
    '/profile/bonus',
    '/profile/faq',
    '/faq',
    '/privacy',
    '/terms',
    '/loyalty',
    '/premium',
  ])('knows the page %s', (path) => {
    expect(isWebRoute(path)).toBe(true);
  });

  it.each([
    '/nope',
    '/casino/extra',
    '/profile/unknown',
    '/profile/balance/withdrawal',
    '/play/pragmatic',
    '/play/a/b/c',
    '/searching',
    '/%E0%A4%A',
  ])('does not know %s', (path) => {
    expect(isWebRoute(path)).toBe(false);
  });
});
