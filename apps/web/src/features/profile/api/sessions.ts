import {
  endOtherSessionsResponseSchema,
  sessionsResponseSchema,
  type EndOtherSessionsResponse,
  type SessionsResponse,
} from '@casino/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** GET /user/sessions: the player's signed-in devices, this one marked `current`. */
export function fetchSessions(signal?: AbortSignal): Promise<SessionsResponse> {
  return api.get('/user/sessions', {
    schema: sessionsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Per player, so another player signing in on this tab never sees the previous list. */
export const sessionsOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profile', 'sessions', userId] as const,
    queryFn: ({ signal }) => fetchSessions(signal),
    // Devices come and go elsewhere: a visit reads the list again.
    staleTime: 0,
  });

export function useSessions(userId: string) {
  return useQuery(sessionsOptions(userId));
}

/** DELETE /user/sessions/{id}: 204, or 404 when it already ended. */
export function deleteSession(id: string): Promise<unknown> {
  return api.delete(`/user/sessions/${encodeURIComponent(id)}`);
}

/** DELETE /user/sessions: every other device signed out. */
export function deleteOtherSessions(): Promise<EndOtherSessionsResponse> {
  return api.delete('/user/sessions', { schema: endOtherSessionsResponseSchema });
}

export function useEndSession(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'sessions', 'end'],
    mutationFn: deleteSession,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsOptions(userId).queryKey }),
  });
}

export function useEndOtherSessions(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'sessions', 'end-others'],
    mutationFn: deleteOtherSessions,
    onSettled: () => client.invalidateQueries({ queryKey: sessionsOptions(userId).queryKey }),
  });
}
