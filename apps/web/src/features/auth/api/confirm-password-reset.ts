import type { PasswordResetConfirm, TokenResponse } from '@casino/contracts';
import { api } from '../../../shared/lib/api-client';
import { useLoginDraftStore } from '../login-draft-store';
import { useCodeSignIn } from './code-sign-in';
import { tokenGuard } from './response-guards';

/**
 * POST /auth/password-reset/confirm: the code and the new password → 201 tokens (refresh in a
 * cookie); every other session of the account has ended. 400 OTP_* for a wrong or dead code.
 */
export function postPasswordResetConfirm(payload: PasswordResetConfirm): Promise<TokenResponse> {
  return api.post('/auth/password-reset/confirm', payload, { schema: tokenGuard, session: false });
}

/** A right code signs the player in; the form shows failures under its fields. */
export function useConfirmPasswordReset() {
  return useCodeSignIn({
    mutationKey: ['auth', 'password-reset', 'confirm'],
    post: postPasswordResetConfirm,
    forget: () => useLoginDraftStore.getState().clear(),
    welcome: 'auth.reset.done',
  });
}
