import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { i18n } from '../../../shared/i18n/i18n';
import { api, isApiError } from '../../../shared/lib/api-client';
import { toast } from '../../../shared/ui/toast/toast-store';
import { noteSignOut } from '../return-after-sign-in';
import { endSession } from '../session/session-events';

/** DELETE /auth/logout (bearer): revokes the session and clears the refresh cookie. */
export function deleteLogout(): Promise<void> {
  return api.delete('/auth/logout');
}

/**
 * Log out: tell the server, then forget the session here (and in the other tabs) whatever it
 * answered, and go to the lobby.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: deleteLogout,
    onError: (error) => {
      console.warn('Logout call failed', error);
      // A refused token means the session is already gone on the server; only an unreachable
      // server leaves a live refresh cookie behind, which the player should know.
      if (!isApiError(error) || error.status === 0 || error.status >= 500) {
        toast.error(i18n.t('profile.logoutFailed'));
      }
    },
    onSettled: () => {
      noteSignOut();
      endSession('logout');
      void navigate('/', { replace: true });
    },
  });
}
