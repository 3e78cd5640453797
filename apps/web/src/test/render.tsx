import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Toasts } from '../shared/ui/toast/toasts';

/** The current location as the router sees it, for assertions. */
export const currentLocation = { pathname: '', search: '' };

function LocationProbe() {
  const { pathname, search } = useLocation();
  currentLocation.pathname = pathname;
  currentLocation.search = search;
  return null;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A fresh query client: no retries (a failure shows at once), and the app's caching otherwise. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 * 60_000 } } });
}

/** Renders UI (or a route table) inside a query client and a memory router at `path`. */
export function renderWithProviders(
  ui: ReactNode | { routes: RouteObject[] },
  {
    path = '/',
    queryClient = testQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const content =
    ui && typeof ui === 'object' && 'routes' in ui ? <Routes routes={ui.routes} /> : ui;
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          {content}
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** Renders UI in a query client without retries, with the toasts it shows beside it. */
export function renderWithToasts(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toasts />
    </QueryClientProvider>,
  );
}
