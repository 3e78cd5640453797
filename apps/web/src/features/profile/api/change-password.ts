import { statusResponseSchema, type ChangePasswordRequest } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** PATCH /user/reset-password: the player's other sessions are revoked by the server. */
export function patchPassword(payload: ChangePasswordRequest): Promise<{ status: 'updated' }> {
  return api.patch('/user/reset-password', payload, { schema: statusResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['profile', 'password'], mutationFn: patchPassword });
}
