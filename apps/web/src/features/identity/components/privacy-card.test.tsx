import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../../../test/api-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { useAuthStore } from '../../auth';
import { PrivacyCard } from './privacy-card';
import { signedInInEnglish } from '../../../test/signed-in';

signedInInEnglish({ balance: '0.00' });
afterEach(() => {
  vi.restoreAllMocks();
});

const openDialog = async () => {
  fireEvent.click(screen.getByTestId('privacy-close'));
  return screen.findByTestId('close-password');
};

describe('the data and account card', () => {
  it('says why a closure is refused: money on the balance, a wrong password', async () => {
    let answer = apiError(409, 'ACCOUNT_CLOSE_BALANCE_NOT_ZERO');
    const seen = mockApi({ 'POST /user/close': () => answer });
    renderWithProviders(<PrivacyCard />, { path: '/profile' });
    fireEvent.change(await openDialog(), { target: { value: 'Secret-Passphrase-1' } });
    fireEvent.click(screen.getByTestId('close-confirm'));
    // The message's element may be there (empty) before the answer: wait for its words.
    await waitFor(() =>
      expect(screen.getByTestId('close-password-message').textContent).toBe(
        'Withdraw your balance before closing the account.',
      ),
    );
    expect(seen.at(-1)?.body).toEqual({ password: 'Secret-Passphrase-1' });

    answer = apiError(400, 'WRONG_PASSWORD');
    fireEvent.click(screen.getByTestId('close-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('close-password-message').textContent).toBe(
        'The password is wrong.',
      ),
    );
    expect(useAuthStore.getState().user).not.toBeNull();
  });

  it('asks for the password before asking the server', async () => {
    const seen = mockApi({
      'POST /user/close': () => json(200, { closed_at: '2026-11-25T20:00:00Z' }),
    });
    renderWithProviders(<PrivacyCard />, { path: '/profile' });
    await openDialog();
    fireEvent.click(screen.getByTestId('close-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('close-password-message').textContent).toBe(
        'The password is wrong.',
      ),
    );
    expect(seen.some((r) => r.path === '/user/close')).toBe(false);
  });

  it('closes the account: the session ends here and the lobby opens', async () => {
    mockApi({ 'POST /user/close': () => json(200, { closed_at: '2026-11-25T20:00:00Z' }) });
    renderWithProviders(<PrivacyCard />, { path: '/profile' });
    fireEvent.change(await openDialog(), { target: { value: 'Secret-Passphrase-1' } });
    fireEvent.click(screen.getByTestId('close-confirm'));
    await waitFor(() => expect(useAuthStore.getState().user).toBeNull());
    await waitFor(() => expect(currentLocation.pathname).toBe('/'));
  });

  it('with two-factor sign-in on: asks for a code, sends it, shows a refused one under it', async () => {
    let answer = apiError(400, 'TWO_FACTOR_INVALID');
    const seen = mockApi({
      'GET /user/two-factor': () =>
        json(200, {
          enabled: true,
          enabled_at: '2026-03-02T10:00:00.000Z',
          recovery_codes_left: 10,
        }),
      'POST /user/close': () => answer,
    });
    renderWithProviders(<PrivacyCard />, { path: '/profile' });
    fireEvent.change(await openDialog(), { target: { value: 'Secret-Passphrase-1' } });
    fireEvent.change(await screen.findByTestId('close-two-factor'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByTestId('close-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('close-two-factor-message').textContent).toBe(
        'Wrong or already used code',
      ),
    );
    expect(seen.at(-1)?.body).toEqual({ password: 'Secret-Passphrase-1', twoFactorCode: '123456' });
    expect(screen.queryByTestId('close-password-message')?.textContent ?? '').toBe('');
    expect(useAuthStore.getState().user).not.toBeNull();

    answer = json(200, { closed_at: '2026-11-25T20:00:00Z' });
    fireEvent.change(screen.getByTestId('close-two-factor'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('close-confirm'));
    await waitFor(() => expect(useAuthStore.getState().user).toBeNull());
  });

  it('downloads the data as a JSON file', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
      created.push(blob as Blob);
      return 'blob:data';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    mockApi({ 'GET /user/export': () => json(200, { profile: { username: 'lucky_star' } }) });
    renderWithProviders(<PrivacyCard />, { path: '/profile' });
    fireEvent.click(screen.getByTestId('privacy-export'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(JSON.parse(await created[0]!.text())).toEqual({ profile: { username: 'lucky_star' } });
  });
});
