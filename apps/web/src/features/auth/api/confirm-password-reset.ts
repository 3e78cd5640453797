import type { PasswordResetConfirm, TokenResponse } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/i18n';
import { api } from '../../../shared/lib/api-client';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../auth-store';
import { useLoginDraftStore } from '../login-draft-store';
import { toUser } from './get-me';
import { tokenGuard } from './response-guards';
import { openSession } from './verify';

/**
 * POST /auth/password-reset/confirm: the code and the new password → 201 tokens (refresh in a
 * cookie); every other session of the account has ended. 400 OTP_* for a wrong or dead code.
 */
export function postPasswordResetConfirm(payload: PasswordResetConfirm): Promise<TokenResponse> {
  return api.post('/auth/password-reset/confirm', payload, { schema: tokenGuard, session: false });
}

/** A right code signs the player in; the form shows failures under its fields. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'password-reset', 'confirm'],
    mutationFn: async (payload: PasswordResetConfirm) =>
      openSession(await postPasswordResetConfirm(payload)),
    onSuccess: (me) => {
      useAuthStore.getState().setUser(toUser(me));
      useLoginDraftStore.getState().clear();
      useModalStore.getState().close();
      toast.success(i18n.t('auth.reset.done', { name: me.username }));
    },
  });
}
