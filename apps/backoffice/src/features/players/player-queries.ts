import { useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../shared/api/staff-api';

/** Every query of one player starts with this key, so an action refreshes the whole page. */
export const playerKey = (userId: string) => ['player', userId] as const;

export function usePlayer(userId: string) {
  return useQuery({
    queryKey: playerKey(userId),
    queryFn: ({ signal }) => staffCall('players.detail', { params: { userId }, signal }),
  });
}

export function useRefreshPlayer(userId: string): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: playerKey(userId) });
}
