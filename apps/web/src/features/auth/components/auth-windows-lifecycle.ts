import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useToastStore } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../auth-store';
import { useLoginDraftStore } from '../login-draft-store';
import { useRegistrationStore } from '../registration-store';
import { useTwoFactorLoginStore } from '../two-factor-login-store';

/**
 * For the tests of the sign-in windows: each test runs in English with the expected console
 * warnings silenced; afterwards the windows and toasts are closed, the player signed out, every
 * draft of the auth windows forgotten and the language the default again.
 */
export function authWindowsInEnglish(): void {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    act(() => {
      useModalStore.getState().close();
      useToastStore.getState().clear();
    });
    useAuthStore.setState({ user: null, isAuth: false, isChecking: false });
    useRegistrationStore.getState().reset();
    useLoginDraftStore.getState().clear();
    useTwoFactorLoginStore.getState().clear();
    await i18n.changeLanguage('ru');
  });
}
