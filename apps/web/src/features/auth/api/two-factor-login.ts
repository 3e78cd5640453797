import { type TokenResponse, type TwoFactorLoginRequest } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/i18n';
import { api } from '../../../shared/lib/api-client';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../auth-store';
import { useTwoFactorLoginStore } from '../two-factor-login-store';
import { toUser } from './get-me';
import { tokenGuard } from './response-guards';
import { openSession } from './verify';

/**
 * POST /auth/login/two-factor: the challenge and a code (app or recovery) → 201 tokens.
 * 400 TWO_FACTOR_INVALID, 401 TWO_FACTOR_CHALLENGE_INVALID (sign in again), 429 slow down.
 */
export function postTwoFactorLogin(payload: TwoFactorLoginRequest): Promise<TokenResponse> {
  return api.post('/auth/login/two-factor', payload, { schema: tokenGuard, session: false });
}

/** The login's second step; errors are the modal's to show under the code. */
export function useTwoFactorLogin() {
  return useMutation({
    mutationKey: ['auth', 'login', 'two-factor'],
    mutationFn: async (payload: TwoFactorLoginRequest) =>
      openSession(await postTwoFactorLogin(payload)),
    onSuccess: (me) => {
      useAuthStore.getState().setUser(toUser(me));
      useTwoFactorLoginStore.getState().clear();
      useModalStore.getState().close();
      toast.success(i18n.t('auth.login.welcome', { name: me.username }));
    },
  });
}
