import { useQuery } from '@tanstack/react-query';
import { staffCall } from '../../../shared/api/staff-api';
import { playerKey } from '../player-queries';

/** Under the player's key: any action on the player refreshes it too. */
export const rgKey = (userId: string) => [...playerKey(userId), 'responsible-gaming'] as const;

/** players.rg: the limits, the block, every change and the flags. */
export function usePlayerRg(userId: string) {
  return useQuery({
    queryKey: rgKey(userId),
    queryFn: ({ signal }) => staffCall('players.rg', { params: { userId }, signal }),
  });
}
