import {
  recoveryCodesResponseSchema,
  statusResponseSchema,
  twoFactorSetupResponseSchema,
  type RecoveryCodesResponse,
  type TwoFactorDisableRequest,
  type TwoFactorSetupResponse,
} from '@casino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { twoFactorStatusOptions } from '../../auth';

/** POST /user/two-factor/setup: a new secret and its otpauth:// URI (nothing enforced yet). */
export function postTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
  return api.post('/user/two-factor/setup', undefined, { schema: twoFactorSetupResponseSchema });
}

/** POST /user/two-factor/confirm: the app's first code turns it on → ten recovery codes. */
export function postTwoFactorConfirm(code: string): Promise<RecoveryCodesResponse> {
  return api.post('/user/two-factor/confirm', { code }, { schema: recoveryCodesResponseSchema });
}

/** POST /user/two-factor/recovery-codes: ten new codes for a code; the old ones end. */
export function postRecoveryCodes(code: string): Promise<RecoveryCodesResponse> {
  return api.post(
    '/user/two-factor/recovery-codes',
    { code },
    { schema: recoveryCodesResponseSchema },
  );
}

/** POST /user/two-factor/disable: the password and a code. */
export function postTwoFactorDisable(body: TwoFactorDisableRequest): Promise<unknown> {
  return api.post('/user/two-factor/disable', body, { schema: statusResponseSchema });
}

/** The card's calls; each one reads the status again when it settles. */
export function useTwoFactorActions(userId: string) {
  const client = useQueryClient();
  const onSettled = () =>
    client.invalidateQueries({ queryKey: twoFactorStatusOptions(userId).queryKey });
  return {
    setup: useMutation({
      mutationKey: ['profile', 'two-factor', 'setup'],
      mutationFn: postTwoFactorSetup,
    }),
    confirm: useMutation({
      mutationKey: ['profile', 'two-factor', 'confirm'],
      mutationFn: postTwoFactorConfirm,
      onSettled,
    }),
    regenerate: useMutation({
      mutationKey: ['profile', 'two-factor', 'recovery-codes'],
      mutationFn: postRecoveryCodes,
      onSettled,
    }),
    disable: useMutation({
      mutationKey: ['profile', 'two-factor', 'disable'],
      mutationFn: postTwoFactorDisable,
      onSettled,
    }),
  };
}
