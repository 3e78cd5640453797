import { settingsResponseSchema, type SettingsResponse } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { toUser, useAuthStore } from '../../auth';

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
