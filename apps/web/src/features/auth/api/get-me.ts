import type { Me } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { useAuthStore, type User } from '../auth-store';
import { meGuard } from './response-guards';

export const meQueryKey = ['auth', 'me'] as const;

/** The answer of GET /user/me as the client keeps it. */
export function toUser(me: Me): User {
  return {
    id: me.id,
    username: me.username,
    email: me.email,
    avatar: me.avatar,
    balance: me.balance,
    bonus: me.bonus,
    createdAt: me.created_at,
  };
}

/** GET /user/me: the signed-in player (a 401 goes through the token refresh). */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return api.get('/user/me', { schema: meGuard, ...(signal ? { signal } : {}) });
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }) => {
    const me = await fetchMe(signal);
    // The store is what the header and the guards read; keep it in step with the answer.
    if (useAuthStore.getState().isAuth) useAuthStore.getState().setUser(toUser(me));
    return me;
  },
  // Balance changes with every game: a visit to the profile shows a fresh one.
  staleTime: 0,
});

/** Re-reads the player (balance, avatar) while a page that shows them is open. */
export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions, enabled });
}
