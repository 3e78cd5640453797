import { type TokenResponse, type TwoFactorLoginRequest } from '@casino/contracts';
import { api } from '../../../shared/lib/api-client';
import { useTwoFactorLoginStore } from '../two-factor-login-store';
import { useCodeSignIn } from './code-sign-in';
import { tokenGuard } from './response-guards';

/**
 * POST /auth/login/two-factor: the challenge and a code (app or recovery) → 201 tokens.
 * 400 TWO_FACTOR_INVALID, 401 TWO_FACTOR_CHALLENGE_INVALID (sign in again), 429 slow down.
 */
export function postTwoFactorLogin(payload: TwoFactorLoginRequest): Promise<TokenResponse> {
  return api.post('/auth/login/two-factor', payload, { schema: tokenGuard, session: false });
}

/** The login's second step; errors are the modal's to show under the code. */
export function useTwoFactorLogin() {
  return useCodeSignIn({
    mutationKey: ['auth', 'login', 'two-factor'],
    post: postTwoFactorLogin,
    forget: () => useTwoFactorLoginStore.getState().clear(),
    welcome: 'auth.login.welcome',
  });
}
