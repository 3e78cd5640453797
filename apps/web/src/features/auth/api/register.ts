import {
  authErrorCodes,
  registerResponseSchema,
  type RegisterRequest,
  type RegisterResponse,
} from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/i18n';
import { api, isApiError } from '../../../shared/lib/api-client';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { apiErrorText, retryWhen } from '../../../shared/lib/api-error-text';
import { registrationFieldErrors } from '../lib/server-field-errors';
import { useRegistrationStore } from '../registration-store';

/** POST /auth/register: sends a one-time code to the e-mail; the account exists after /verify. */
export function postRegister(payload: RegisterRequest): Promise<RegisterResponse> {
  return api.post('/auth/register', payload, { schema: registerResponseSchema, session: false });
}

export interface RegisterVariables {
  payload: RegisterRequest;
  /** "Send again" from the Verify modal rather than the Register form. */
  resend: boolean;
}

export const registerMutationKey = ['auth', 'register'] as const;

/** The toast of a failed registration: the SPEC's text, with the reason when there is one. */
export function registrationFailedToast(error: unknown): void {
  const specific =
    isApiError(error) &&
    error.code !== authErrorCodes.OTP_RESEND_LIMIT &&
    apiErrorText(error) !== i18n.t('errors.generic');
  toast.error(
    specific
      ? i18n.t('auth.register.failedReason', { reason: apiErrorText(error) })
      : i18n.t('auth.register.failed'),
    i18n.t('auth.register.failedTitle'),
  );
}

/**
 * Registration (SPEC §4): the Register form opens Verify at once and then calls this, so the
 * handlers live on the mutation itself and run after the form is gone. A failure puts the
 * player back on the Register form with everything they typed and the reason under the field.
 */
export function useRegister() {
  return useMutation({
    mutationKey: registerMutationKey,
    mutationFn: ({ payload }: RegisterVariables) => postRegister(payload),
    onSuccess: (answer, { payload, resend }) => {
      useRegistrationStore.getState().codeSent(payload.email, answer.resend_after);
      if (resend) {
        toast.success(i18n.t('auth.verify.resent', { email: payload.email }));
      }
    },
    onError: (error, { payload }) => {
      console.warn('Registration failed', error);
      const registration = useRegistrationStore.getState();
      if (isApiError(error) && error.code === authErrorCodes.OTP_RESEND_LIMIT) {
        // A code went to this address a moment ago and is still good: stay on Verify.
        const seconds = error.retryAfterSeconds ?? 60;
        registration.holdResend(seconds);
        if (!registration.sentTo) registration.codeSent(payload.email, seconds);
        toast.error(
          i18n.t('auth.verify.resendLimit', { when: retryWhen(seconds) }),
          i18n.t('auth.register.failedTitle'),
        );
        return;
      }
      registrationFailedToast(error);
      registration.setServerErrors(registrationFieldErrors(error));
      const modals = useModalStore.getState();
      if (modals.modal === 'verify') modals.open('register');
    },
  });
}
