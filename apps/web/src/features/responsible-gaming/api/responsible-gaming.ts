import {
  rgSessionResponseSchema,
  rgStatusResponseSchema,
  type RealityCheckMinutes,
  type RgBlockRequest,
  type RgLimitKey,
  type RgLimitRequest,
  type RgSessionResponse,
  type RgStatusResponse,
} from '@casino/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** Per player: another player signing in on this tab never sees the previous settings. */
export const rgQueryKey = (userId: string) => ['responsible-gaming', userId] as const;
export const rgSessionKey = (userId: string) => ['responsible-gaming', userId, 'session'] as const;

/** GET /responsible-gaming: limits with what each window holds, settings, the block. */
export const rgStatusOptions = (userId: string) =>
  queryOptions({
    queryKey: rgQueryKey(userId),
    queryFn: ({ signal }): Promise<RgStatusResponse> =>
      api.get('/responsible-gaming', { schema: rgStatusResponseSchema, signal }),
    staleTime: 0,
  });

export function useRgStatus(userId: string, enabled = true) {
  return useQuery({ ...rgStatusOptions(userId), enabled: enabled && userId !== '' });
}

/** GET /responsible-gaming/session: what the reality check shows, read when it opens. */
export function fetchRgSession(signal?: AbortSignal): Promise<RgSessionResponse> {
  return api.get('/responsible-gaming/session', { schema: rgSessionResponseSchema, signal });
}

export function useRgSession(userId: string) {
  return useQuery({
    queryKey: rgSessionKey(userId),
    queryFn: ({ signal }) => fetchRgSession(signal),
    enabled: userId !== '',
    // The interval and the block may change on another tab: read again now and then.
    refetchInterval: 60_000,
  });
}

export type RgAction =
  | { kind: 'limit'; body: RgLimitRequest }
  | { kind: 'confirm'; body: RgLimitKey }
  | { kind: 'cancel'; body: RgLimitKey }
  | { kind: 'sessionLimit'; minutes: number | null }
  | { kind: 'confirmSessionLimit' }
  | { kind: 'realityCheck'; minutes: RealityCheckMinutes }
  | { kind: 'block'; body: RgBlockRequest }
  | { kind: 'lift' };

function send(action: RgAction): Promise<RgStatusResponse> {
  const options = { schema: rgStatusResponseSchema };
  switch (action.kind) {
    case 'limit':
      return api.put('/responsible-gaming/limits', action.body, options);
    case 'confirm':
      return api.post('/responsible-gaming/limits/confirm', action.body, options);
    case 'cancel':
      return api.post('/responsible-gaming/limits/cancel', action.body, options);
    case 'sessionLimit':
      return api.put('/responsible-gaming/session-limit', { minutes: action.minutes }, options);
    case 'confirmSessionLimit':
      return api.post('/responsible-gaming/session-limit/confirm', {}, options);
    case 'realityCheck':
      return api.put('/responsible-gaming/reality-check', { minutes: action.minutes }, options);
    case 'block':
      return api.post('/responsible-gaming/block', action.body, options);
    case 'lift':
      return api.post('/responsible-gaming/block/lift', {}, options);
  }
}

/** Any change: the answer is the whole page, put in the cache as it is. */
export function useRgAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (status) => {
      queryClient.setQueryData(rgQueryKey(userId), status);
      void queryClient.invalidateQueries({ queryKey: rgSessionKey(userId) });
    },
  });
}

/** "Stop" of the reality check: the server ends the player's game sessions. */
export function useStopPlaying() {
  return useMutation({
    mutationFn: () => api.post('/responsible-gaming/session/stop', {}),
  });
}
