import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModalHost } from '../../../app/layout/modal-host';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Toasts } from '../../../shared/ui/toast/toasts';
import { apiError, json, me, mockApi, tokens } from '../../../test/api-mock';
import { useAuthStore } from '../auth-store';
import { useTwoFactorLoginStore } from '../two-factor-login-store';
import { authWindowsInEnglish } from './auth-windows-lifecycle';

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ModalHost />
      <Toasts />
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const challenge = { twoFactorRequired: true, challenge: 'challenge-0123456789', expires_in: 300 };

async function passwordStep() {
  act(() => useModalStore.getState().open('login'));
  await screen.findByTestId('login-email');
  type('login-email', 'lucky@example.com');
  type('login-password', 'correct horse');
  fireEvent.click(screen.getByTestId('login-submit'));
  await screen.findByTestId('two-factor-login-form');
}

authWindowsInEnglish();

describe('login with two-factor sign-in', () => {
  it('asks for the code after the password, then signs in with it', async () => {
    const seen = mockApi({
      'POST /auth/login': () => json(200, challenge),
      'POST /auth/login/two-factor': () => json(201, tokens('t2')),
      'GET /user/me': () => json(200, me),
    });
    renderApp();
    await passwordStep();
    expect(useAuthStore.getState().user).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Two-factor sign-in' })).toBeTruthy();

    type('two-factor-code', '123 456');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(useAuthStore.getState().user?.username).toBe(me.username));
    expect(seen.find((r) => r.path === '/auth/login/two-factor')?.body).toEqual({
      challenge: challenge.challenge,
      code: '123456',
    });
    await waitFor(() => expect(useModalStore.getState().modal).toBeNull());
    expect(useTwoFactorLoginStore.getState().challenge).toBeNull();
  });

  it('a wrong code stays in the modal, under the code, and empties the cells', async () => {
    mockApi({
      'POST /auth/login': () => json(200, challenge),
      'POST /auth/login/two-factor': () =>
        apiError(400, 'TWO_FACTOR_INVALID', {
          fields: [{ path: 'code', message: 'twofactorinvalid' }],
        }),
    });
    renderApp();
    await passwordStep();
    type('two-factor-code', '000000');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('Wrong or already used code')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('two-factor-code').value).toBe('');
    expect(useModalStore.getState().modal).toBe('twoFactor');
  });

  it('takes a recovery code behind the switch, and checks its shape first', async () => {
    const seen = mockApi({
      'POST /auth/login': () => json(200, challenge),
      'POST /auth/login/two-factor': () => json(201, tokens('t3')),
      'GET /user/me': () => json(200, me),
    });
    renderApp();
    await passwordStep();
    fireEvent.click(screen.getByTestId('two-factor-switch'));
    expect(document.activeElement).toBe(screen.getByTestId('two-factor-recovery'));
    type('two-factor-recovery', 'not a code');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(
      await screen.findByText('Enter 6 digits, or a recovery code like abcde-fgh23'),
    ).toBeTruthy();
    expect(seen.some((r) => r.path === '/auth/login/two-factor')).toBe(false);

    type('two-factor-recovery', 'ABCDE-FGH23');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(useAuthStore.getState().user).not.toBeNull());
    expect(seen.find((r) => r.path === '/auth/login/two-factor')?.body).toMatchObject({
      code: 'abcde-fgh23',
    });
  });

  it('an expired second step goes back to the password with a toast', async () => {
    mockApi({
      'POST /auth/login': () => json(200, challenge),
      'POST /auth/login/two-factor': () => apiError(401, 'TWO_FACTOR_CHALLENGE_INVALID'),
    });
    renderApp();
    await passwordStep();
    type('two-factor-code', '123456');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(useModalStore.getState().modal).toBe('login'));
    expect((await screen.findByTestId('toast')).textContent).toContain('This sign-in has expired');
  });

  it('says when to try again after too many wrong codes', async () => {
    mockApi({
      'POST /auth/login': () => json(200, challenge),
      'POST /auth/login/two-factor': () =>
        new Response(JSON.stringify({ error: { code: 'TOO_MANY_ATTEMPTS', message: 'x' } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '600' },
        }),
    });
    renderApp();
    await passwordStep();
    type('two-factor-code', '123456');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('Too many wrong codes. Try again in 10 minutes.')).toBeTruthy();
  });
});
