import {
  settingsResponseSchema,
  type SettingsRequest,
  type SettingsResponse,
} from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { toUser, useAuthStore } from '../../auth';

/**
 * PATCH /user/setting, one field at a time: a username applies at once ("updated"); an e-mail
 * waits for the code sent to the new address ("verification_sent", then /user/verify-setting).
 */
export function patchSetting(payload: SettingsRequest): Promise<SettingsResponse> {
  return api.patch('/user/setting', payload, { schema: settingsResponseSchema });
}

/** Errors are the form's to show (under the field, or as a toast): see account-settings. */
export function useUpdateSetting() {
  return useMutation({
    mutationKey: ['profile', 'setting'],
    mutationFn: patchSetting,
    onSuccess: (answer) => useAuthStore.getState().setUser(toUser(answer.user)),
  });
}
