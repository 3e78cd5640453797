import type { Permission, StaffMe } from '@casino/contracts/operator';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/client';
import { staffCall } from '../../shared/api/staff-api';

export const meQueryKey = ['auth', 'me'] as const;

/** Who is signed in; an error 401 means nobody (the guard sends them to the login page). */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => staffCall('auth.me', { signal }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in staff member holds a permission. The screens hide what a role cannot
 * do; the server decides anyway (every route checks its permission from the route table).
 */
export function can(me: StaffMe | undefined, permission: Permission): boolean {
  return me?.permissions.includes(permission) ?? false;
}

export function useCan(): (permission: Permission) => boolean {
  const { data } = useMe();
  return (permission) => can(data, permission);
}

/** Forgets every answer of the ended session (the next person at this browser sees none). */
export function useForgetSession(): () => void {
  const client = useQueryClient();
  return () => {
    client.clear();
    client.setQueryData(meQueryKey, undefined);
  };
}
