import type { StaffMe } from '@casino/contracts/operator';
import { permissionsOf, type StaffRole } from '@casino/contracts/operator';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import '../shared/i18n/i18n';

/** A staff member as `auth.me` answers, with the permissions of their roles. */
export function staffMe(roles: StaffRole[], overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    id: '5f0c2a34-5a8e-4a8a-9d0e-1a2b3c4d5e6f',
    kind: 'staff',
    email: 'ann@orbita.test',
    roles,
    permissions: permissionsOf(roles),
    session_expires_at: '2026-11-27T10:00:00.000Z',
    four_eyes_amount: '500.00',
    ...overrides,
  };
}

type Handler = (request: { url: URL; method: string; body: unknown }) => {
  status?: number;
  body?: unknown;
};

/**
 * The API as a table of "METHOD /path" → answer, in place of fetch; every call is recorded so a
 * test can assert what the screen sent.
 */
export function mockApi(routes: Record<string, unknown>) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) {
      return Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no mock' } }), {
          status: 404,
        }),
      );
    }
    const answer =
      typeof route === 'function' ? (route as Handler)({ url, method, body }) : { body: route };
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderRoutes(routes: RouteObject[], path: string): ReturnType<typeof render> {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

export function renderAt(element: ReactElement, path = '/', routePath = '*') {
  return renderRoutes([{ path: routePath, element }], path);
}
