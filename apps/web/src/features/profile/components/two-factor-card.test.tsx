import type { TwoFactorStatus } from '@casino/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { apiError, json, me, mockApi } from '../../../test/api-mock';
import { type User } from '../../auth';
import { AccountSettings } from './account-settings';
import { TwoFactorCard } from './two-factor-card';
import { renderWithToasts } from '../../../test/render';
import { signedInInEnglish, testPlayer } from '../../../test/signed-in';

registerAccountMessages();

const player: User = { ...testPlayer, balance: '0.00', createdAt: me.created_at };

const off: TwoFactorStatus = { enabled: false, enabled_at: null, recovery_codes_left: 0 };
const on: TwoFactorStatus = {
  enabled: true,
  enabled_at: '2026-03-02T10:00:00.000Z',
  recovery_codes_left: 10,
};
const codes = Array.from({ length: 10 }, (_, i) => `${'abcdefghij'[i]}bcde-fgh23`);
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function renderCard(ui: React.ReactNode = <TwoFactorCard userId={player.id} />) {
  return renderWithToasts(ui);
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

signedInInEnglish(player);
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('two-factor card', () => {
  it('turns on: QR code and key, a first code, then the recovery codes once', async () => {
    let status = off;
    const seen = mockApi({
      'GET /user/two-factor': () => json(200, status),
      'POST /user/two-factor/setup': () =>
        json(200, {
          secret,
          otpauth_uri: `otpauth://totp/Orbita:lucky%40example.com?secret=${secret}&issuer=Orbita`,
        }),
      'POST /user/two-factor/confirm': () => {
        status = { ...on };
        return json(200, { recovery_codes: codes });
      },
    });
    renderCard();
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('Off');
    fireEvent.click(screen.getByTestId('two-factor-enable'));
    // The QR code arrives with its own lazily loaded module.
    expect(await screen.findByTestId('two-factor-qr')).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    fireEvent.click(screen.getByTestId('two-factor-confirm'));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(seen.some((r) => r.path === '/user/two-factor/confirm')).toBe(false);

    type('two-factor-confirm-code', '123456');
    fireEvent.click(screen.getByTestId('two-factor-confirm'));
    const list = await screen.findByTestId('two-factor-recovery-codes');
    expect(
      within(list)
        .getAllByTestId('two-factor-recovery-code')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(seen.find((r) => r.path === '/user/two-factor/confirm')?.body).toEqual({
      code: '123456',
    });

    fireEvent.click(screen.getByTestId('two-factor-codes-done'));
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('On'));
    expect(screen.getByTestId('two-factor-codes-left').textContent).toBe('Recovery codes left: 10');
    expect(screen.queryByTestId('two-factor-recovery-code')).toBeNull();
  });

  it('a wrong first code is said under the cells', async () => {
    mockApi({
      'GET /user/two-factor': () => json(200, off),
      'POST /user/two-factor/setup': () => json(200, { secret, otpauth_uri: 'otpauth://totp/x' }),
      'POST /user/two-factor/confirm': () => apiError(400, 'TWO_FACTOR_INVALID'),
    });
    renderCard();
    fireEvent.click(await screen.findByTestId('two-factor-enable'));
    await screen.findByTestId('two-factor-setup');
    type('two-factor-confirm-code', '000000');
    fireEvent.click(screen.getByTestId('two-factor-confirm'));
    expect(await screen.findByText('Wrong or already used code')).toBeTruthy();
  });

  it('turns off with the password and a code; a wrong password is said under it', async () => {
    let status = on;
    let calls = 0;
    const seen = mockApi({
      'GET /user/two-factor': () => json(200, status),
      'POST /user/two-factor/disable': () => {
        calls += 1;
        if (calls === 1) return apiError(400, 'WRONG_PASSWORD');
        status = off;
        return json(200, { status: 'updated' });
      },
    });
    renderCard();
    fireEvent.click(await screen.findByTestId('two-factor-disable'));
    type('two-factor-disable-password', 'oops');
    type('two-factor-disable-code', 'ABCDE FGH23');
    fireEvent.click(screen.getByTestId('two-factor-disable-submit'));
    expect(await screen.findByText('Wrong password')).toBeTruthy();
    expect(seen.find((r) => r.path === '/user/two-factor/disable')?.body).toEqual({
      password: 'oops',
      code: 'abcde-fgh23',
    });
    type('two-factor-disable-password', 'correct horse');
    fireEvent.click(screen.getByTestId('two-factor-disable-submit'));
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('Off'));
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'Two-factor authentication is off',
    );
  });

  it('makes new recovery codes for a code', async () => {
    mockApi({
      'GET /user/two-factor': () => json(200, on),
      'POST /user/two-factor/recovery-codes': () => json(200, { recovery_codes: codes }),
    });
    renderCard();
    fireEvent.click(await screen.findByTestId('two-factor-regenerate'));
    type('two-factor-regenerate-code', '654321');
    fireEvent.click(screen.getByTestId('two-factor-regenerate-submit'));
    expect(await screen.findAllByTestId('two-factor-recovery-code')).toHaveLength(10);
  });

  it('says so when the status cannot be loaded, and retries', async () => {
    let fail = true;
    mockApi({
      'GET /user/two-factor': () => (fail ? apiError(500, 'INTERNAL') : json(200, off)),
    });
    renderCard();
    expect(await screen.findByText('The two-factor settings could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Retry'));
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('Off');
  });
});

describe('e-mail change with two-factor sign-in on', () => {
  it('asks for the code and sends it with the new address', async () => {
    const seen = mockApi({
      'GET /user/two-factor': () => json(200, on),
      'POST /user/check/email': () => json(200, { available: true }),
      'PATCH /user/setting': () =>
        apiError(403, 'TWO_FACTOR_REQUIRED', {
          fields: [{ path: 'twoFactorCode', message: 'twofactorrequired' }],
        }),
    });
    renderCard(<AccountSettings user={player} />);
    expect(screen.queryByTestId('settings-two-factor-code')).toBeNull();
    type('settings-email', 'new@example.com');
    await screen.findByTestId('settings-two-factor-code');
    await screen.findByText('E-mail is available', {}, { timeout: 2_000 });
    type('settings-two-factor-code', '123456');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeTruthy();
    expect(seen.find((r) => r.method === 'PATCH')?.body).toEqual({
      email: 'new@example.com',
      twoFactorCode: '123456',
    });
  });
});
