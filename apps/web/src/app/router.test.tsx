import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../shared/i18n/i18n';
import { useAuthStore } from '../features/auth';
import { preloadRoute, routes } from './router';
import { testPlayer } from '../test/signed-in';

/** The current path, as the app's router sees it. */
const current = { pathname: '' };

function Routes() {
  current.pathname = useLocation().pathname;
  return useRoutes(routes);
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return current;
}

beforeEach(() => {
  // The game lists stay loading: these tests are about routes, not data.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
});

// The first render loads lazy pages through dynamic imports: slow while every file runs.
describe('routes', { timeout: 20_000 }, () => {
  it('sends a guest from a profile page to the lobby', async () => {
    const router = renderAt('/profile/balance/credit');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Лобби|Lobby/ }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.pathname).toBe('/');
  });

  it('lets a signed-in player into the profile area', async () => {
    useAuthStore.getState().setUser(testPlayer);
    const router = renderAt('/profile/balance/widthdrawall');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Вывод средств' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.pathname).toBe('/profile/balance/widthdrawall');
  });

  it('shows the 404 page for unknown paths, with a link home', async () => {
    renderAt('/no/such/page');
    const notFound = await screen.findByTestId('not-found', {}, { timeout: 5000 });
    expect(notFound.querySelector('a[href="/"]')).not.toBeNull();
  });

  it('marks the current page in the sidebar', async () => {
    renderAt('/casino');
    await screen.findByRole('heading', { level: 1, name: 'Казино' }, { timeout: 5000 });
    const current = screen.getByTestId('sidebar').querySelectorAll('a[aria-current="page"]');
    expect(Array.from(current, (link) => link.getAttribute('href'))).toEqual(['/casino']);
  });

  it('renders a preloaded landing page in the first commit, with the shell (main.tsx)', async () => {
    await preloadRoute('/casino');
    renderAt('/casino');
    // No await: the page is there with the shell, not behind a Suspense fallback.
    expect(screen.getByRole('heading', { level: 1, name: 'Казино' })).toBeTruthy();
  });

  it('preloads the nested page of a layout route and nothing for an unknown path', async () => {
    useAuthStore.getState().setUser(testPlayer);
    await preloadRoute('/profile/balance/widthdrawall');
    renderAt('/profile/balance/widthdrawall');
    expect(screen.getByRole('heading', { level: 1, name: 'Вывод средств' })).toBeTruthy();
    await expect(preloadRoute('/no/such/page')).resolves.toBeDefined();
  });
});
