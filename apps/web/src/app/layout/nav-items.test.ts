import { describe, expect, it } from 'vitest';
import {
  accountNav,
  isNavItemActive,
  lobbyNav,
  providerNav,
  providerNavFor,
  type NavItem,
} from './nav-items';

function item(list: NavItem[], id: string): NavItem {
  const found = list.find((entry) => entry.id === id);
  if (!found) throw new Error(id);
  return found;
}

const at = (pathname: string, hash = '') => ({ pathname, hash });

describe('isNavItemActive', () => {
  it('matches exact paths, ignoring a trailing slash', () => {
    expect(isNavItemActive(item(lobbyNav, 'casino'), at('/casino'))).toBe(true);
    expect(isNavItemActive(item(lobbyNav, 'casino'), at('/casino/'))).toBe(true);
    expect(isNavItemActive(item(lobbyNav, 'casino'), at('/casino/x'))).toBe(false);
    expect(isNavItemActive(item(lobbyNav, 'home'), at('/casino'))).toBe(false);
    expect(isNavItemActive(item(providerNav, 'endorphina'), at('/endorphina'))).toBe(true);
  });

  it('keeps prefix items active on their sub-pages', () => {
    const balance = item(accountNav, 'balance');
    expect(isNavItemActive(balance, at('/profile/balance/credit'))).toBe(true);
    expect(isNavItemActive(balance, at('/profile/balanceX'))).toBe(false);
    expect(isNavItemActive(item(accountNav, 'profile'), at('/profile/balance'))).toBe(false);
  });

  it('gives a #fragment to the item that names it', () => {
    const profile = item(accountNav, 'profile');
    const settings = item(accountNav, 'settings');
    expect(isNavItemActive(profile, at('/profile'))).toBe(true);
    expect(isNavItemActive(settings, at('/profile'))).toBe(false);
    expect(isNavItemActive(profile, at('/profile', '#settings'))).toBe(false);
    expect(isNavItemActive(settings, at('/profile', '#settings'))).toBe(true);
    expect(isNavItemActive(profile, at('/profile', '#avatar'))).toBe(true);
  });
});

describe('providerNavFor', () => {
  const hrefs = (items: NavItem[]) => items.map((entry) => entry.href);

  it('shows every provider while the list of running providers is not known', () => {
    expect(hrefs(providerNavFor(undefined))).toEqual([
      '/',
      '/endorphina',
      '/gbgames',
      '/pragmatic',
    ]);
  });

  it('keeps all games first, then the running providers in the order of their list', () => {
    expect(hrefs(providerNavFor(['pragmatic', 'endorphina']))).toEqual([
      '/',
      '/pragmatic',
      '/endorphina',
    ]);
    expect(hrefs(providerNavFor([]))).toEqual(['/']);
  });
});
