import {
  ErrorCode,
  authErrorCodes,
  type Me,
  type TokenResponse,
  type VerifyRequest,
} from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/i18n';
import { api, isApiError } from '../../../shared/lib/api-client';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../auth-store';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { registrationFieldErrors } from '../lib/server-field-errors';
import { useRegistrationStore, type CodeError } from '../registration-store';
import { endSession } from '../session/session-events';
import { storeAccessToken } from '../session/tokens';
import { fetchMe, toUser } from './get-me';
import { registrationFailedToast } from './register';
import { tokenGuard } from './response-guards';

/** POST /auth/verify: the registration fields and the code → tokens (refresh in a cookie). */
export function postVerify(payload: VerifyRequest): Promise<TokenResponse> {
  return api.post('/auth/verify', payload, { schema: tokenGuard, session: false });
}

/** Stores the access token of a fresh session and reads the player it belongs to. */
export async function openSession(tokens: TokenResponse): Promise<Me> {
  storeAccessToken(tokens.access_token);
  try {
    return await fetchMe();
  } catch (error) {
    // Signed in but unreadable: do not leave a half-open session behind.
    endSession('quiet');
    throw error;
  }
}

const codeErrors: Partial<Record<string, CodeError>> = {
  [authErrorCodes.OTP_INVALID]: 'invalid',
  [authErrorCodes.OTP_EXPIRED]: 'expired',
  [authErrorCodes.OTP_ATTEMPTS_EXCEEDED]: 'attempts',
};

/** Verification (SPEC §4): a correct code signs the player in. */
export function useVerify() {
  return useMutation({
    mutationKey: ['auth', 'verify'],
    mutationFn: async (payload: VerifyRequest) => openSession(await postVerify(payload)),
    onSuccess: (me) => {
      useAuthStore.getState().setUser(toUser(me));
      useRegistrationStore.getState().reset();
      // The next step of registration: a deposit limit, offered (and skippable) at once.
      useModalStore.getState().open('rgOffer');
      toast.success(i18n.t('auth.register.welcome', { name: me.username }));
    },
    onError: (error) => {
      console.warn('Verification failed', error);
      const registration = useRegistrationStore.getState();
      const codeError = isApiError(error) ? codeErrors[error.code] : undefined;
      if (codeError) {
        registration.setCodeError(codeError);
        // A dead code: "send again" is offered at once.
        if (codeError !== 'invalid') registration.holdResend(0);
        return;
      }
      const fieldErrors = registrationFieldErrors(error);
      if (
        isApiError(error) &&
        error.code === ErrorCode.VALIDATION_FAILED &&
        error.fields.some((f) => f.path === 'otp')
      ) {
        registration.setCodeError('format');
        return;
      }
      if (Object.keys(fieldErrors).length > 0) {
        // The name or e-mail was taken meanwhile: back to the form, as for registration.
        registrationFailedToast(error);
        registration.setServerErrors(fieldErrors);
        useModalStore.getState().open('register');
        return;
      }
      toast.error(
        isApiError(error) && apiErrorText(error) !== i18n.t('errors.generic')
          ? i18n.t('auth.verify.failedReason', { reason: apiErrorText(error) })
          : i18n.t('auth.verify.failed'),
        i18n.t('auth.verify.failedTitle'),
      );
    },
  });
}
