import { storageKeys } from '@casino/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ModalHost } from '../../../app/layout/modal-host';
import { i18n } from '../../../shared/i18n/i18n';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Toasts } from '../../../shared/ui/toast/toasts';
import { apiError, deferred, json, me, mockApi, tokens } from '../../../test/api-mock';
import { useAuthStore } from '../auth-store';
import { authWindowsInEnglish } from './auth-windows-lifecycle';

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    // In the app the windows live inside the router: the limits step after Verify links to a page.
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ModalHost />
        <Toasts />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const typed = {
  username: 'lucky_star',
  email: 'Lucky@Example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

async function fillRegistration() {
  act(() => useModalStore.getState().open('register'));
  await screen.findByTestId('register-username'); // the modal chunk arrives lazily
  type('register-username', typed.username);
  type('register-email', typed.email);
  type('register-password', typed.password);
  type('register-confirm', typed.confirmPassword);
  type('register-dob', '1990-04-12');
  fireEvent.click(screen.getByTestId('register-terms'));
}

authWindowsInEnglish();

const available = () => json(200, { available: true });

describe('registration', () => {
  it('opens Verify at once, sends the registration, and a correct code signs the player in', async () => {
    const registered = deferred();
    const seen = mockApi({
      'POST /user/check/username': available,
      'POST /user/check/email': available,
      'POST /auth/register': async () => {
        await registered.promise;
        return json(201, { message: 'sent', resend_after: 60, expires_in: 600 });
      },
      'POST /auth/verify': () => json(201, tokens('t1')),
      'GET /user/me': () => json(200, me),
    });
    renderApp();
    await fillRegistration();
    fireEvent.click(screen.getByTestId('register-submit'));

    // Verify is open before the server has answered.
    const code = await screen.findByTestId('verify-code');
    expect(screen.getByTestId('modal').getAttribute('data-modal')).toBe('verify');
    expect(screen.getByTestId('verify-status').dataset.state).toBe('sending');
    await waitFor(() =>
      expect(seen.find((r) => r.path === '/auth/register')?.body).toEqual({
        username: 'lucky_star',
        email: 'lucky@example.com', // normalised by the contract schema
        password: 'correct horse',
        confirmPassword: 'correct horse',
        dateOfBirth: '1990-04-12',
        acceptTerms: true,
      }),
    );

    registered.resolve();
    await waitFor(() =>
      expect(screen.getByTestId('verify-status').textContent).toContain(
        'We sent a 6-digit code to lucky@example.com',
      ),
    );
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    // A pasted code with a space keeps its six digits.
    fireEvent.change(code, { target: { value: '123 456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('verify-submit'));

    await waitFor(() => expect(useAuthStore.getState().isAuth).toBe(true));
    expect(seen.find((r) => r.path === '/auth/verify')?.body).toMatchObject({
      username: 'lucky_star',
      email: 'lucky@example.com',
      otp: '123456',
    });
    expect(localStorage.getItem(storageKeys.token)).toBe('t1');
    expect(useAuthStore.getState().user?.username).toBe('lucky_star');
    // Signed in, the new player is offered limits (issue 29): a step that can be skipped.
    await waitFor(() =>
      expect(screen.getByTestId('modal').getAttribute('data-modal')).toBe('rgOffer'),
    );
  });

  it('checks the code’s shape first, then shows a refused code under the cells until it changes', async () => {
    const seen = mockApi({
      'POST /user/check/username': available,
      'POST /user/check/email': available,
      'POST /auth/register': () =>
        json(201, { message: 'sent', resend_after: 60, expires_in: 600 }),
      'POST /auth/verify': () => apiError(400, 'OTP_INVALID'),
    });
    renderApp();
    await fillRegistration();
    fireEvent.click(screen.getByTestId('register-submit'));
    const code = await screen.findByTestId('verify-code');
    const message = () => document.getElementById(code.getAttribute('aria-describedby') ?? '');

    fireEvent.change(code, { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(message()?.textContent).toBe('Enter the 6-digit code'));
    expect(seen.some((r) => r.path === '/auth/verify')).toBe(false);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() =>
      expect(message()?.textContent).toBe('Wrong code. Check the e-mail and try again.'),
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(code, { target: { value: '12345' } });
    expect(code.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('goes back to Register with everything typed and the reason when the name is taken', async () => {
    mockApi({
      'POST /user/check/username': available,
      'POST /user/check/email': available,
      'POST /auth/register': () => apiError(409, 'USERNAME_BUSY'),
    });
    renderApp();
    await fillRegistration();
    fireEvent.click(screen.getByTestId('register-submit'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Registration');
    expect(toast.textContent).toContain('Registration is Failed');
    expect(toast.textContent).toContain('Username is busy');
    await waitFor(() =>
      expect(screen.getByTestId('modal').getAttribute('data-modal')).toBe('register'),
    );
    const username = screen.getByTestId<HTMLInputElement>('register-username');
    expect(username.value).toBe('lucky_star');
    expect(screen.getByTestId<HTMLInputElement>('register-password').value).toBe('correct horse');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    const messageId = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(messageId)?.textContent).toBe('Username is busy');
  });

  it('shows the contract messages under the fields and sends nothing', async () => {
    const seen = mockApi({});
    renderApp();
    act(() => useModalStore.getState().open('register'));
    await screen.findByTestId('register-username');
    type('register-email', 'nope');
    type('register-password', 'short');
    type('register-confirm', 'other');
    fireEvent.click(screen.getByTestId('register-submit'));
    const dialog = screen.getByTestId('modal');
    // Submitting validates through the form library, which answers a tick later.
    expect(await within(dialog).findByText('Username is required')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email format')).toBeTruthy();
    expect(within(dialog).getByText('Min need 8 chars')).toBeTruthy();
    expect(within(dialog).getByText('Passwords do not match')).toBeTruthy();
    expect(seen).toEqual([]);
    expect(document.activeElement).toBe(screen.getByTestId('register-username'));
  });
});

describe('login', () => {
  it('closes the modal, then signs in on 201', async () => {
    const answer = deferred();
    mockApi({
      'POST /auth/login': async () => {
        await answer.promise;
        return json(201, tokens('t2'));
      },
      'GET /user/me': () => json(200, me),
    });
    renderApp();
    act(() => useModalStore.getState().open('login'));
    await screen.findByTestId('login-email');
    type('login-email', 'lucky@example.com');
    type('login-password', 'correct horse');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    answer.resolve();
    await waitFor(() => expect(useAuthStore.getState().isAuth).toBe(true));
    expect(localStorage.getItem(storageKeys.token)).toBe('t2');
  });

  it('shows the Login toast and reopens the form with what was typed on failure', async () => {
    mockApi({ 'POST /auth/login': () => apiError(401, 'INVALID_CREDENTIALS') });
    renderApp();
    act(() => useModalStore.getState().open('login'));
    await screen.findByTestId('login-email');
    type('login-email', 'lucky@example.com');
    type('login-password', 'wrong password');
    fireEvent.click(screen.getByTestId('login-submit'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Login');
    expect(toast.textContent).toContain('Login is Failed');
    const email = await screen.findByTestId('login-email');
    expect((email as HTMLInputElement).value).toBe('lucky@example.com');
    expect(useAuthStore.getState().isAuth).toBe(false);
  });

  it('says when to try again after too many attempts', async () => {
    mockApi({
      'POST /auth/login': () =>
        json(
          429,
          { error: { code: 'TOO_MANY_ATTEMPTS', message: 'slow down' } },
          { 'Retry-After': '300' },
        ),
    });
    renderApp();
    act(() => useModalStore.getState().open('login'));
    await screen.findByTestId('login-email');
    type('login-email', 'lucky@example.com');
    type('login-password', 'whatever');
    fireEvent.click(screen.getByTestId('login-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('in 5 minutes');
  });
});

describe('forgot password', () => {
  async function askForReset(email: string) {
    renderApp();
    act(() => useModalStore.getState().open('forgotPassword'));
    await screen.findByTestId('reset-email');
    type('reset-email', email);
    fireEvent.click(screen.getByTestId('reset-send'));
  }

  it('says the code is on its way when the server sent one', async () => {
    mockApi({
      'POST /auth/password-reset': () =>
        json(202, { message: 'ok', resend_after: 60, expires_in: 600 }),
    });
    await askForReset('lucky@example.com');
    const status = await screen.findByTestId('reset-status');
    expect(status.textContent).toBe(
      'If an account uses lucky@example.com, a 6-digit code is on its way. Enter it with a new password.',
    );
    expect(screen.getByTestId('reset-resend-wait').textContent).toBe(
      'You can ask for a new code in 1:00',
    );
  });

  it('never says "on its way" when the limits held the code back, and says when to ask again (issue 25)', async () => {
    mockApi({
      'POST /auth/password-reset': () =>
        json(
          429,
          { error: { code: 'OTP_RESEND_LIMIT', message: 'A code was sent recently' } },
          { 'Retry-After': '42' },
        ),
    });
    await askForReset('lucky@example.com');
    const status = await screen.findByTestId('reset-status');
    expect(status.textContent).not.toContain('on its way');
    expect(status.textContent).toBe(
      'No new code was sent: codes to lucky@example.com are limited for a while. If a reset code came earlier, enter it below; otherwise ask for a new one when the time below runs out.',
    );
    expect(screen.getByTestId('reset-resend-wait').textContent).toBe(
      'You can ask for a new code in 0:42',
    );
    expect(screen.queryByTestId('reset-resend')).toBeNull();
  });

  it('says the same in Russian', async () => {
    await i18n.changeLanguage('ru');
    mockApi({
      'POST /auth/password-reset': () =>
        json(
          429,
          { error: { code: 'OTP_RESEND_LIMIT', message: 'A code was sent recently' } },
          { 'Retry-After': '125' },
        ),
    });
    await askForReset('lucky@example.com');
    const status = await screen.findByTestId('reset-status');
    expect(status.textContent).toContain('Новый код не отправлен');
    expect(screen.getByTestId('reset-resend-wait').textContent).toBe(
      'Новый код можно запросить через 2:05',
    );
  });
});
