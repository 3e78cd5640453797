import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { apiError, json, me, mockApi } from '../../../test/api-mock';
import { useAuthStore, type User } from '../../auth';
import { AccountSettings } from './account-settings';
import { ChangePassword } from './change-password';
import { renderWithToasts } from '../../../test/render';
import { signedInInEnglish, testPlayer } from '../../../test/signed-in';

registerAccountMessages();

const player: User = { ...testPlayer, balance: '0.00', createdAt: me.created_at };

function Settings() {
  const user = useAuthStore((state) => state.user);
  return user ? <AccountSettings user={user} /> : null;
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

signedInInEnglish(player);
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('account settings', () => {
  it('saves a new username only after its availability check succeeded', async () => {
    const seen = mockApi({
      'POST /user/check/username': () => json(200, { available: true }),
      'PATCH /user/setting': () =>
        json(200, { status: 'updated', user: { ...me, username: 'new_name' } }),
    });
    renderWithToasts(<Settings />);
    type('settings-username', 'new_name');
    fireEvent.click(screen.getByTestId('settings-save'));
    // The check has not answered yet (1 s debounce): nothing is sent. Submitting validates
    // through the form library, which answers a tick later.
    await waitFor(() =>
      expect(screen.getByTestId('settings-notice').textContent).toBe(
        'Wait for the availability check to finish',
      ),
    );
    expect(seen.some((r) => r.method === 'PATCH')).toBe(false);

    await screen.findByText('Username is available', {}, { timeout: 2_000 });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(useAuthStore.getState().user?.username).toBe('new_name'));
    expect(seen.find((r) => r.method === 'PATCH')?.body).toEqual({ username: 'new_name' });
    expect((await screen.findByTestId('toast')).textContent).toContain('Your settings are saved');
    expect(screen.getByTestId<HTMLInputElement>('settings-username').value).toBe('new_name');
  });

  it('refuses a busy username in red', async () => {
    mockApi({ 'POST /user/check/username': () => json(200, { available: false }) });
    renderWithToasts(<Settings />);
    type('settings-username', 'taken_name');
    const field = screen.getByTestId('settings-username');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'), {
      timeout: 2_000,
    });
    expect(screen.getByTestId('settings-username-message').textContent).toBe('Username is busy');
  });

  it('confirms a new e-mail with the code sent to it', async () => {
    const seen = mockApi({
      'POST /user/check/email': () => json(200, { available: true }),
      'PATCH /user/setting': () =>
        json(200, { status: 'verification_sent', user: me, pending_email: 'new@example.com' }),
      'POST /user/verify-setting': () =>
        json(200, { status: 'updated', user: { ...me, email: 'new@example.com' } }),
    });
    renderWithToasts(<Settings />);
    type('settings-email', 'New@Example.com');
    await screen.findByText('E-mail is available', {}, { timeout: 2_000 });
    fireEvent.click(screen.getByTestId('settings-save'));
    const code = await screen.findByTestId('settings-code');
    expect(seen.find((r) => r.method === 'PATCH')?.body).toEqual({ email: 'new@example.com' });
    expect(screen.getByTestId('settings-code-step').textContent).toContain('new@example.com');

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('settings-verify'));
    await waitFor(() => expect(useAuthStore.getState().user?.email).toBe('new@example.com'));
    expect(seen.find((r) => r.path === '/user/verify-setting')?.body).toEqual({ data: '654321' });
    await waitFor(() => expect(screen.queryByTestId('settings-code-step')).toBeNull());
  });
});

const renderChangePassword = () =>
  renderWithToasts(<ChangePassword userId="u-1" username="lucky_star" />);

/** Types the old password and the new one twice (the repeat the same unless given). */
function typePasswords(old: string, next: string, repeat = next) {
  type('password-old', old);
  type('password-new', next);
  type('password-repeat', repeat);
}

describe('change password', () => {
  it('shows "Passwords do not match" on the repeat field', async () => {
    const seen = mockApi({});
    renderChangePassword();
    typePasswords('old password', 'new password 1', 'new password 2');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('password-repeat-message').textContent).toBe(
        'Passwords do not match',
      ),
    );
    expect(seen).toEqual([]);
  });

  it('puts WRONG_PASSWORD on the old-password field', async () => {
    mockApi({ 'PATCH /user/reset-password': () => apiError(400, 'WRONG_PASSWORD') });
    renderChangePassword();
    typePasswords('not my password', 'new password 1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('password-old-message').textContent).toBe('Wrong password'),
    );
    expect(screen.getByTestId('password-old').getAttribute('aria-invalid')).toBe('true');
  });

  it('resets the form and says so on success', async () => {
    const seen = mockApi({ 'PATCH /user/reset-password': () => json(200, { status: 'updated' }) });
    renderChangePassword();
    typePasswords('old password', 'new password 1');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Your password is changed');
    expect(seen[0]?.body).toEqual({
      oldPassword: 'old password',
      newPassword: 'new password 1',
      repeatPassword: 'new password 1',
      signOutOthers: true,
    });
    expect(screen.getByTestId<HTMLInputElement>('password-old').value).toBe('');
  });

  it('sends the choice to keep the other devices signed in', async () => {
    const seen = mockApi({ 'PATCH /user/reset-password': () => json(200, { status: 'updated' }) });
    renderChangePassword();
    typePasswords('old password', 'new password 2');
    fireEvent.click(screen.getByTestId('password-sign-out'));
    fireEvent.click(screen.getByTestId('password-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Your password is changed');
    expect(seen[0]?.body).toMatchObject({ signOutOthers: false });
  });
});

/** When a message shows (SPEC §5), as every form built with useSchemaForm does it. */
describe('form messages', () => {
  const message = (testId: string) => screen.getByTestId(`${testId}-message`).textContent;

  it('shows a message once the field is left, then follows every keystroke', async () => {
    renderChangePassword();
    type('password-new', 'short');
    expect(message('password-new')).toBe(''); // still typing: nothing yet
    fireEvent.blur(screen.getByTestId('password-new'));
    await waitFor(() => expect(message('password-new')).toBe('Min need 8 chars'));
    type('password-new', 'long enough');
    await waitFor(() => expect(message('password-new')).toBe(''));
    expect(message('password-old')).toBe(''); // a field never left stays quiet
  });

  it('takes "Passwords do not match" away as soon as the first password is fixed', async () => {
    renderChangePassword();
    type('password-new', 'new password 1');
    type('password-repeat', 'new password 2');
    fireEvent.blur(screen.getByTestId('password-repeat'));
    await waitFor(() => expect(message('password-repeat')).toBe('Passwords do not match'));
    type('password-new', 'new password 2');
    await waitFor(() => expect(message('password-repeat')).toBe(''));
  });

  it('on submit shows every message and focuses the first invalid field', async () => {
    const seen = mockApi({});
    renderChangePassword();
    type('password-repeat', 'something');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(message('password-old')).toBe('Password is required'));
    expect(message('password-new')).toBe('Password is required');
    expect(document.activeElement).toBe(screen.getByTestId('password-old'));
    expect(seen).toEqual([]);
  });

  it("keeps the server's word on its field until that field changes", async () => {
    mockApi({ 'PATCH /user/reset-password': () => apiError(400, 'WRONG_PASSWORD') });
    renderChangePassword();
    typePasswords('not my password', 'new password 1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(message('password-old')).toBe('Wrong password'));
    expect(document.activeElement).toBe(screen.getByTestId('password-old'));
    type('password-new', 'new password 2');
    await waitFor(() => expect(message('password-repeat')).toBe('Passwords do not match'));
    expect(message('password-old')).toBe('Wrong password');
    type('password-old', 'my password');
    await waitFor(() => expect(message('password-old')).toBe(''));
  });

  it('starts quiet again after a successful change', async () => {
    mockApi({ 'PATCH /user/reset-password': () => json(200, { status: 'updated' }) });
    renderChangePassword();
    typePasswords('old password', 'new password 1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await screen.findByTestId('toast');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('password-new').value).toBe(''),
    );
    type('password-old', 'x');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(message('password-old')).toBe('');
    expect(message('password-new')).toBe('');
    expect(message('password-repeat')).toBe('');
  });
});
