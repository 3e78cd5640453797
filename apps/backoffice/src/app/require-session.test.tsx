import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, staffMe } from '../test/render';
import { RequireSession } from './require-session';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  {
    path: '/',
    element: <RequireSession />,
    children: [{ index: true, element: <p>dashboard body</p> }],
  },
  { path: '/login', element: <p>login page</p> },
];

describe('the signed-in frame', () => {
  it('shows the sections of the staff member’s roles only', async () => {
    mockApi({ 'GET /api/operator/auth/me': staffMe(['support']) });
    renderRoutes(routes, '/');
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Players',
      'Support desk',
      'Live chat',
      'Content',
      'My sessions',
    ]);
    expect(screen.getByTestId('staff-member').textContent).toBe('ann@orbita.testSupport');
    expect(screen.getByText('dashboard body')).toBeTruthy();
  });

  it('sends someone without a session to the login page', async () => {
    mockApi({
      'GET /api/operator/auth/me': () => ({
        status: 401,
        body: { error: { code: 'UNAUTHORIZED', message: 'no session' } },
      }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('says so, with Retry, when the server refuses for another reason', async () => {
    mockApi({
      'GET /api/operator/auth/me': () => ({
        status: 403,
        body: { error: { code: 'STAFF_IP_REFUSED', message: 'outside the allow-list' } },
      }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('dashboard body')).toBeNull();
  });
});
