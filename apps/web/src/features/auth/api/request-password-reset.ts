import {
  passwordResetRequestResponseSchema,
  type PasswordResetRequest,
  type PasswordResetRequestResponse,
} from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/**
 * POST /auth/password-reset → 202: a code is on its way if an account has the address (the
 * answer is the same either way); 429 OTP_RESEND_LIMIT while a recent code is still good.
 */
export function postPasswordReset(
  payload: PasswordResetRequest,
): Promise<PasswordResetRequestResponse> {
  return api.post('/auth/password-reset', payload, {
    schema: passwordResetRequestResponseSchema,
    session: false,
  });
}

/** The form handles the outcome (it moves to the code step), so no handlers live here. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'password-reset'],
    mutationFn: postPasswordReset,
  });
}
