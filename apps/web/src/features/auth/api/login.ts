import {
  authErrorCodes,
  type LoginRequest,
  type TokenResponse,
  type TwoFactorChallengeResponse,
} from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/i18n';
import { api, clientErrorCode, isApiError } from '../../../shared/lib/api-client';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../auth-store';
import { retryWhen } from '../../../shared/lib/api-error-text';
import { useLoginDraftStore } from '../login-draft-store';
import { useTwoFactorLoginStore } from '../two-factor-login-store';
import { toUser } from './get-me';
import { loginAnswerGuard } from './response-guards';
import { openSession } from './verify';

/**
 * POST /auth/login → 201 tokens (refresh in a cookie), or 200 a two-factor challenge when the
 * account has it on; 401 wrong credentials; 429 slow down.
 */
export function postLogin(
  payload: LoginRequest,
): Promise<TokenResponse | TwoFactorChallengeResponse> {
  return api.post('/auth/login', payload, { schema: loginAnswerGuard, session: false });
}

function loginFailedText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === authErrorCodes.INVALID_CREDENTIALS) {
      return i18n.t('auth.login.invalidCredentials');
    }
    if (error.code === authErrorCodes.TOO_MANY_ATTEMPTS || error.status === 429) {
      return i18n.t('auth.login.tooMany', { when: retryWhen(error.retryAfterSeconds) });
    }
    if (error.code === clientErrorCode.network) {
      return `${i18n.t('auth.login.failed')}. ${i18n.t('errors.network')}`;
    }
  }
  return i18n.t('auth.login.failed');
}

/**
 * Login (SPEC §4): the form has closed and reset before this runs; 201 signs the player in.
 * A failure shows the "Login" toast and reopens the form with what was typed (kept in the
 * login draft), so nothing is lost.
 */
export function useLogin() {
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: async (payload: LoginRequest) => {
      const answer = await postLogin(payload);
      if ('twoFactorRequired' in answer) {
        useTwoFactorLoginStore.getState().start(answer.challenge, answer.expires_in);
        return null;
      }
      return openSession(answer);
    },
    onSuccess: (me) => {
      if (me === null) {
        // The password was right; the second step asks for the authenticator's code.
        useLoginDraftStore.getState().clear();
        useModalStore.getState().open('twoFactor');
        return;
      }
      useAuthStore.getState().setUser(toUser(me));
      useLoginDraftStore.getState().clear();
      toast.success(i18n.t('auth.login.welcome', { name: me.username }));
    },
    onError: (error) => {
      console.warn('Login failed', error);
      if (isApiError(error) && error.code === authErrorCodes.TERMS_NOT_ACCEPTED) {
        // The password was right; the new terms must be accepted before a session opens.
        useModalStore.getState().open('terms');
        return;
      }
      toast.error(loginFailedText(error), i18n.t('auth.login.failedTitle'));
      const modals = useModalStore.getState();
      if (!modals.modal) modals.open('login');
    },
  });
}
