import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, staffMe } from '../../../test/render';
import LoginPage from './login-page';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/players/:id', element: <p>player screen</p> },
  { path: '/', element: <p>dashboard</p> },
];

function fill(email: string, password: string, code: string) {
  fireEvent.input(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.input(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.input(screen.getByTestId('login-code'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('the login page', () => {
  it('needs the authenticator’s code: no request goes without six digits', async () => {
    const { calls } = mockApi({});
    renderRoutes(routes, '/login');
    fill('ann@orbita.test', 'correct horse', '12');
    expect(
      await screen.findByText('Enter the 6-digit code from the authenticator app.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends all three at once and returns to the screen the person came from', async () => {
    const { calls } = mockApi({ 'POST /api/operator/auth/login': staffMe(['payments']) });
    renderRoutes(routes, '/login?next=%2Fplayers%2F42');
    fill('Ann@Orbita.test', 'correct horse', '123 456');
    expect(await screen.findByText('player screen')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      email: 'ann@orbita.test',
      password: 'correct horse',
      code: '123456',
    });
  });

  it('gives one answer for a wrong e-mail, password or code, and empties the code', async () => {
    mockApi({
      'POST /api/operator/auth/login': () => ({
        status: 401,
        body: { error: { code: 'STAFF_LOGIN_FAILED', message: 'no' } },
      }),
    });
    renderRoutes(routes, '/login');
    fill('ann@orbita.test', 'wrong', '123456');
    expect(await screen.findByText('The e-mail, password or code is wrong.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('login-code').value).toBe(''));
  });
});
