import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../test/render';
import SetupPage from './setup-page';

const token = 'A'.repeat(40) + '_-9';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function open() {
  window.history.replaceState(null, '', `/setup#${token}`);
  renderRoutes(
    [
      { path: '/setup', element: <SetupPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    '/setup',
  );
}

const begun = {
  email: 'ann@orbita.test',
  totp_secret: 'JBSWY3DPEHPK3PXP',
  otpauth_uri:
    'otpauth://totp/Orbita%20staff:ann@orbita.test?secret=JBSWY3DPEHPK3PXP&issuer=Orbita',
  expires_at: '2026-11-27T22:00:00.000Z',
};

describe('the set-up page', () => {
  it('reads the token from the link’s fragment and takes it out of the address bar', async () => {
    const { calls } = mockApi({ 'POST /api/operator/auth/setup/begin': begun });
    open();
    expect(await screen.findByTestId('setup-secret')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ token });
    expect(window.location.hash).toBe('');
    expect((await screen.findByTestId('setup-qr')).getAttribute('aria-label')).toBe(
      'QR code of the authenticator set-up',
    );
    expect(screen.getByTestId('setup-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
  });

  it('asks for the password twice and the first code, then sends them with the token', async () => {
    const { calls } = mockApi({
      'POST /api/operator/auth/setup/begin': begun,
      'POST /api/operator/auth/setup/complete': () => ({ status: 204 }),
    });
    open();
    await screen.findByTestId('setup-secret');
    fireEvent.input(screen.getByTestId('setup-password'), { target: { value: 'a long secret' } });
    fireEvent.input(screen.getByTestId('setup-repeat'), { target: { value: 'a long secreT' } });
    fireEvent.input(screen.getByTestId('setup-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    fireEvent.input(screen.getByTestId('setup-repeat'), { target: { value: 'a long secret' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    expect(await screen.findByTestId('setup-done')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/complete'))?.body).toEqual({
        token,
        password: 'a long secret',
        code: '654321',
      }),
    );
  });

  it('says when the link is used or expired', async () => {
    mockApi({
      'POST /api/operator/auth/setup/begin': () => ({
        status: 400,
        body: { error: { code: 'STAFF_SETUP_INVALID', message: 'gone' } },
      }),
    });
    open();
    expect((await screen.findByTestId('setup-invalid')).textContent).toBe(
      'This set-up link is unknown, used or expired. Ask an administrator for a new one.',
    );
  });
});
