import type { TokenResponse } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/i18n';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../auth-store';
import { toUser } from './get-me';
import { openSession } from './verify';

/**
 * A code step that ends in a session (the login's second step, the password reset's code): the
 * tokens open the session, the step's own store forgets what it kept, the modal closes and a
 * toast greets the player. Failures are the form's to show under its fields.
 */
export function useCodeSignIn<Payload>(step: {
  mutationKey: readonly string[];
  post: (payload: Payload) => Promise<TokenResponse>;
  /** Clears what the step kept while it was open (the login draft, the challenge). */
  forget: () => void;
  welcome: 'auth.reset.done' | 'auth.login.welcome';
}) {
  return useMutation({
    mutationKey: step.mutationKey,
    mutationFn: async (payload: Payload) => openSession(await step.post(payload)),
    onSuccess: (me) => {
      useAuthStore.getState().setUser(toUser(me));
      step.forget();
      useModalStore.getState().close();
      toast.success(i18n.t(step.welcome, { name: me.username }));
    },
  });
}
