import { settingsResponseSchema, type SettingsResponse } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { toUser } from '../../auth/api/get-me';
import { useAuthStore } from '../../auth/auth-store';

/** POST /user/verify-setting {data: code}: confirms the pending e-mail change. */
export function postVerifySetting(code: string): Promise<SettingsResponse> {
  return api.post('/user/verify-setting', { data: code }, { schema: settingsResponseSchema });
}

export function useVerifySetting() {
  return useMutation({
    mutationKey: ['profile', 'verify-setting'],
    mutationFn: postVerifySetting,
    onSuccess: (answer) => useAuthStore.getState().setUser(toUser(answer.user)),
  });
}
