import { useAuthStore } from '../../auth';

/**
 * Who the lists are fetched for: part of every game query key, so signing in or out fetches
 * the lists again (SPEC §4 "Refetch occurs when authenticated") instead of showing a guest's
 * answer to a player, or the other way round.
 */
export function useViewer(): string {
  return useAuthStore((state) => (state.isAuth ? `player:${state.user?.id ?? ''}` : 'guest'));
}
