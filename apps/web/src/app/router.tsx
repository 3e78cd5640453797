import { matchRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth';
import { withGamesMessages } from '../shared/i18n/games/load';
import { withHelpMessages } from '../shared/i18n/help/load';
import { AppLayout } from './layout/app-layout';
import { lazyPage, preloadOf } from './lazy-page';
import { ProfileLayout } from './layout/profile-layout';

// Every page is its own chunk: the first load carries only the shell. The lobby pages also
// wait for the lobby texts of the active language, fetched in parallel with the page.
const HomePage = lazyPage(() =>
  withGamesMessages(import('../features/games/pages/home-page')).then((m) => ({
    default: m.HomePage,
  })),
);
const ProviderPage = lazyPage(() =>
  withGamesMessages(import('../features/games/pages/provider-page')).then((m) => ({
    default: m.ProviderPage,
  })),
);
const CasinoPage = lazyPage(() =>
  withGamesMessages(import('../features/games/pages/casino-page')).then((m) => ({
    default: m.CasinoPage,
  })),
);
const PlayPage = lazyPage(() =>
  withGamesMessages(import('../features/games/pages/play-page')).then((m) => ({
    default: m.PlayPage,
  })),
);
const OtherPage = lazyPage(() =>
  withGamesMessages(import('../features/games/pages/other-page')).then((m) => ({
    default: m.OtherPage,
  })),
);
const SearchPage = lazyPage(() =>
  withGamesMessages(import('../features/games/pages/search-page')).then((m) => ({
    default: m.SearchPage,
  })),
);
const ProfilePage = lazyPage(() =>
  import('../features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const VerificationPage = lazyPage(() =>
  import('../features/identity/pages/verification-page').then((m) => ({
    default: m.VerificationPage,
  })),
);
const FaqPage = lazyPage(() =>
  withHelpMessages(import('../features/help/pages/faq-page')).then((m) => ({
    default: m.FaqPage,
  })),
);
const BalancePage = lazyPage(() =>
  import('../features/wallet/pages/balance-page').then((m) => ({ default: m.BalancePage })),
);
const DepositPage = lazyPage(() =>
  import('../features/cashier/pages/deposit-page').then((m) => ({ default: m.DepositPage })),
);
const WithdrawalPage = lazyPage(() =>
  import('../features/cashier/pages/withdrawal-page').then((m) => ({ default: m.WithdrawalPage })),
);
const BonusPage = lazyPage(() =>
  import('../features/bonus/pages/bonus-page').then((m) => ({ default: m.BonusPage })),
);
const LimitsPage = lazyPage(() =>
  import('../features/responsible-gaming/pages/limits-page').then((m) => ({
    default: m.LimitsPage,
  })),
);
const InfoPage = lazyPage(() =>
  withHelpMessages(import('../features/info/pages/info-page')).then((m) => ({
    default: m.InfoPage,
  })),
);
const FairPage = lazyPage(() =>
  import('../features/fair/pages/fair-page').then((m) => ({ default: m.FairPage })),
);
const NotFoundPage = lazyPage(() =>
  import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * The route table of SPEC §2, plus the pages we chose for the navigation items it leaves
 * without a path: /premium, /faq (the stand-alone help page), /privacy, /terms, /loyalty.
 */
export const routes: RouteObject[] = [
  {
    // Page errors render inside the shell (its error boundary), so the menu stays usable.
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      // Keyed by provider: switching provider starts a fresh page (SPEC §4, list reset).
      { path: 'endorphina', element: <ProviderPage key="endorphina" provider="endorphina" /> },
      { path: 'gbgames', element: <ProviderPage key="gbgames" provider="gbgames" /> },
      { path: 'pragmatic', element: <ProviderPage key="pragmatic" provider="pragmatic" /> },
      { path: 'casino', element: <CasinoPage /> },
      { path: 'other', element: <OtherPage /> },
      // "path contains /search": deeper paths (a query in the path) land on search too.
      { path: 'search/*', element: <SearchPage /> },
      // The in-app game frame (decision 022).
      { path: 'play/:provider/:gameId', element: <PlayPage /> },
      { path: 'premium', element: <InfoPage kind="premium" /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'privacy', element: <InfoPage kind="privacy" /> },
      { path: 'terms', element: <InfoPage kind="terms" /> },
      { path: 'loyalty', element: <InfoPage kind="loyalty" /> },
      // The provably fair verifier of the studios' games (decision 041).
      { path: 'fair', element: <FairPage /> },
      { path: 'responsible-gaming', element: <InfoPage kind="responsible-gaming" /> },
      {
        path: 'profile',
        element: (
          <RequireAuth>
            <ProfileLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <ProfilePage /> },
          { path: 'faq', element: <FaqPage /> },
          { path: 'balance', element: <BalancePage /> },
          // Spelled as the specification spells it.
          { path: 'balance/widthdrawall', element: <WithdrawalPage /> },
          { path: 'balance/credit', element: <DepositPage /> },
          { path: 'bonus', element: <BonusPage /> },
          // The identity check (decision 052).
          { path: 'verification', element: <VerificationPage /> },
          // Limits, time-out and self-exclusion (decision 070).
          { path: 'responsible-gaming', element: <LimitsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the pages of a path's route (the lazy ones) ahead of the first render, so that the
 * landing page renders with the shell instead of suspending (lazy-page.tsx). Resolves once
 * they are here; rejects when one failed to load (the route shows its error as it renders).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const preloads = matches.map((match) => preloadOf(match.route.element)).filter((p) => !!p);
  return Promise.all(preloads.map((preload) => preload()));
}
