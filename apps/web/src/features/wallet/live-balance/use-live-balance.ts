import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '../../auth';

/** The stream client and the API client arrive only once a player is signed in. */
const loadLiveBalance = () => import('./live-balance');

/**
 * Keeps the shell's balance live while a player is signed in (decision 031): the balance
 * stream, plus a refetch of GET /user/me when the player leaves the game frame (/play/…) and
 * when the window gets the focus back. Stops on sign-out. Mounted once, in the app layout.
 */
export function useLiveBalance(): void {
  const userId = useAuthStore((state) => (state.isAuth ? (state.user?.id ?? null) : null));
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    loadLiveBalance()
      .then((module) => {
        if (!cancelled) stop = module.startLiveBalance(queryClient, userId);
      })
      .catch((error: unknown) => console.warn('The live balance could not be loaded', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);

  useEffect(() => {
    const leftGame = previousPath.current.startsWith('/play/') && !pathname.startsWith('/play/');
    previousPath.current = pathname;
    if (!leftGame || !userId) return;
    void loadLiveBalance().then((module) => module.refreshBalance(queryClient));
  }, [pathname, userId, queryClient]);

  useEffect(() => {
    if (!userId) return;
    const onFocus = () => {
      if (document.visibilityState !== 'visible') return;
      void loadLiveBalance().then((module) => module.refreshBalance(queryClient));
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [userId, queryClient]);
}
