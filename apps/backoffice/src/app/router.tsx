import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Skeleton } from '../shared/ui/states';
import { NotFoundPage } from './not-found-page';
import { RequireSession } from './require-session';

/** Each screen is its own chunk: a support agent does not download the staff administration. */
function page(component: LazyExoticComponent<ComponentType>) {
  const Page = component;
  return (
    <Suspense fallback={<Skeleton lines={6} />}>
      <Page />
    </Suspense>
  );
}

const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const SetupPage = lazy(() => import('../features/auth/pages/setup-page'));
const MySessionsPage = lazy(() => import('../features/auth/pages/my-sessions-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const PlayersPage = lazy(() => import('../features/players/pages/players-page'));
const PlayerPage = lazy(() => import('../features/players/pages/player-page'));
const WithdrawalsPage = lazy(() => import('../features/withdrawals/withdrawals-page'));
const IdentityPage = lazy(() => import('../features/identity/identity-page'));
const SupportPage = lazy(() => import('../features/support/support-page'));
const ChatPage = lazy(() => import('../features/chat/chat-page'));
const ReportsPage = lazy(() => import('../features/reports/reports-page'));
const GamesPage = lazy(() => import('../features/games/games-page'));
const ContentPage = lazy(() => import('../features/content/content-page'));
const PageEditorPage = lazy(() => import('../features/content/page-editor-page'));
const BannersPage = lazy(() => import('../features/banners/banners-page'));
const BonusesPage = lazy(() => import('../features/bonuses/bonuses-page'));
const AuditPage = lazy(() => import('../features/audit/audit-page'));
const StaffPage = lazy(() => import('../features/staff/staff-page'));

export const routes: RouteObject[] = [
  { path: '/login', element: page(LoginPage) },
  { path: '/setup', element: page(SetupPage) },
  {
    path: '/',
    element: <RequireSession />,
    children: [
      { index: true, element: page(DashboardPage) },
      { path: 'players', element: page(PlayersPage) },
      { path: 'players/:userId', element: page(PlayerPage) },
      { path: 'withdrawals', element: page(WithdrawalsPage) },
      { path: 'identity', element: page(IdentityPage) },
      { path: 'support', element: page(SupportPage) },
      { path: 'support/:userId', element: page(SupportPage) },
      { path: 'chat', element: page(ChatPage) },
      { path: 'reports', element: page(ReportsPage) },
      { path: 'games', element: page(GamesPage) },
      { path: 'content', element: page(ContentPage) },
      { path: 'content/:slug', element: page(PageEditorPage) },
      { path: 'banners', element: page(BannersPage) },
      { path: 'bonuses', element: page(BonusesPage) },
      { path: 'audit', element: page(AuditPage) },
      { path: 'staff', element: page(StaffPage) },
      { path: 'sessions', element: page(MySessionsPage) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Under /backoffice/ (vite's base), wherever the server mounts it. */
export function createRouter() {
  return createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
}
