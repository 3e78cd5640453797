import {
  Award,
  CircleHelp,
  CircleUserRound,
  Crown,
  Dices,
  Flame,
  Gamepad2,
  Gift,
  House,
  LayoutGrid,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  ShieldHalf,
  Spade,
  Sparkles,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { ProviderSlug } from '@casino/contracts';
import type { Messages } from '../../shared/i18n/en';

export type NavTitleKey = `nav.${Exclude<keyof Messages['nav'], 'profileTabs'>}`;

/** A navigation entry (SPEC §3 "Navigation item"). */
export interface NavItem {
  id: string;
  titleKey: NavTitleKey;
  /** Path, optionally with a #fragment that names a section of the page. */
  href: string;
  icon: LucideIcon;
  type: 'main' | 'sub';
  /** "prefix" keeps the item highlighted on the pages below it. Default "exact". */
  match?: 'exact' | 'prefix';
  /** Left out of the fixed sidebar of a wide screen, where the header already offers it. */
  hideWide?: boolean;
}

export const lobbyNav: NavItem[] = [
  { id: 'home', titleKey: 'nav.home', href: '/', icon: House, type: 'main' },
  { id: 'casino', titleKey: 'nav.casino', href: '/casino', icon: Dices, type: 'main' },
  // The header's search box is hidden on narrow phones: the menu keeps the way to search.
  {
    id: 'search',
    titleKey: 'nav.search',
    href: '/search',
    icon: Search,
    type: 'main',
    match: 'prefix',
    hideWide: true,
  },
  // Table, live and instant games: everything but slots (decision 023).
  { id: 'other', titleKey: 'nav.other', href: '/other', icon: Spade, type: 'main' },
  { id: 'premium', titleKey: 'nav.premium', href: '/premium', icon: Crown, type: 'main' },
];

/** Game-provider navigation: all games, then one sub-item per provider. */
export const providerNav: NavItem[] = [
  { id: 'all-games', titleKey: 'nav.allGames', href: '/', icon: LayoutGrid, type: 'main' },
  { id: 'endorphina', titleKey: 'nav.endorphina', href: '/endorphina', icon: Flame, type: 'sub' },
  { id: 'gbgames', titleKey: 'nav.gbgames', href: '/gbgames', icon: Gamepad2, type: 'sub' },
  { id: 'pragmatic', titleKey: 'nav.pragmatic', href: '/pragmatic', icon: Sparkles, type: 'sub' },
];

/**
 * The provider navigation as the operator runs it: all games, then the running providers in
 * the order of their list. While that list is unknown (loading, failed) every provider shows.
 */
export function providerNavFor(providers: readonly ProviderSlug[] | undefined): NavItem[] {
  if (providers === undefined) return providerNav;
  const [allGames, ...items] = providerNav;
  const running = providers.flatMap((slug) => items.filter((item) => item.id === slug));
  return allGames ? [allGames, ...running] : running;
}

/** Signed-in players only: the sidebar's extra block. */
export const accountNav: NavItem[] = [
  { id: 'profile', titleKey: 'nav.profile', href: '/profile', icon: CircleUserRound, type: 'main' },
  {
    id: 'balance',
    titleKey: 'nav.balance',
    href: '/profile/balance',
    icon: Wallet,
    type: 'main',
    match: 'prefix',
  },
  {
    id: 'bonus',
    titleKey: 'nav.bonus',
    href: '/profile/bonus',
    icon: Gift,
    type: 'main',
    match: 'prefix',
  },
  // Limits, reality check, time-out and self-exclusion (issue 29, decision 070).
  {
    id: 'limits',
    titleKey: 'nav.limits',
    href: '/profile/responsible-gaming',
    icon: ShieldHalf,
    type: 'main',
  },
  // Account settings live on the profile page (SPEC §2 "Profile main page").
  {
    id: 'settings',
    titleKey: 'nav.settings',
    href: '/profile#settings',
    icon: Settings,
    type: 'main',
  },
];

export const helpNav: NavItem[] = [
  { id: 'faq', titleKey: 'nav.faq', href: '/faq', icon: CircleHelp, type: 'main' },
  { id: 'privacy', titleKey: 'nav.privacy', href: '/privacy', icon: ShieldCheck, type: 'main' },
  { id: 'terms', titleKey: 'nav.terms', href: '/terms', icon: ScrollText, type: 'main' },
  { id: 'loyalty', titleKey: 'nav.loyalty', href: '/loyalty', icon: Award, type: 'main' },
];

/** The profile area's own tabs: /profile, /profile/balance, /profile/bonus. */
export const profileNav: NavItem[] = accountNav.filter((item) => item.id !== 'settings');

const allItems = [...lobbyNav, ...providerNav, ...accountNav, ...helpNav];

function split(href: string): { path: string; hash: string } {
  const index = href.indexOf('#');
  return index < 0
    ? { path: href, hash: '' }
    : { path: href.slice(0, index), hash: href.slice(index) };
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Whether an item points at the current location. An item with a #fragment is active only
 * on that fragment; an item without one yields to any sibling that claims the current one
 * (so /profile#settings highlights Settings, not Profile).
 */
export function isNavItemActive(
  item: NavItem,
  location: { pathname: string; hash: string },
  items: readonly NavItem[] = allItems,
): boolean {
  const { path, hash } = split(item.href);
  const pathname = trimSlash(location.pathname);
  const pathMatches =
    item.match === 'prefix'
      ? pathname === path || pathname.startsWith(`${path}/`)
      : pathname === trimSlash(path);
  if (!pathMatches) return false;
  if (hash) return location.hash === hash;
  if (!location.hash) return true;
  return !items.some((other) => other.href === `${path}${location.hash}`);
}
