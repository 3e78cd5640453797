import type { TokenResponse } from '@casino/contracts';
import { api } from '../../../shared/lib/api-client';
import { tokenGuard } from './response-guards';

/** How long a refresh may take before it counts as failed (the lock is held meanwhile). */
const refreshTimeoutMs = 15_000;

/**
 * POST /auth/refresh: no body; the browser sends the httpOnly refresh cookie (path /api/auth)
 * and gets a rotated one back. Only ever called through `refreshAccessToken`, which makes sure
 * no two calls (in any tab) present the same cookie.
 */
export function postRefresh(): Promise<TokenResponse> {
  const signal =
    typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(refreshTimeoutMs) : undefined;
  return api.post('/auth/refresh', undefined, {
    schema: tokenGuard,
    session: false,
    ...(signal ? { signal } : {}),
  });
}
