import type { Game, LaunchResponse } from '@casino/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { isApiError } from '../../../shared/lib/api-client';
import { useAuthStore } from '../../auth';
import { useLaunchGame } from '../api/launch-game';
import { usePlayStore } from '../play-store';
import { useRecentDemos } from '../recent-demos-store';
import { launchErrorText } from './launch-error-text';

/** The in-app game frame of a game (decision 022). */
export const playPath = (game: Pick<Game, 'provider' | 'gameId'>) =>
  `/play/${game.provider}/${encodeURIComponent(game.gameId)}`;

/** What the lobby hands to the game frame, so the frame does not launch the game again. */
export interface PlayRouteState {
  game: Game;
  launch: LaunchResponse;
  /** The lobby page to go back to. */
  from: string;
}

/** Opens the login modal for a game (demo mode on: the player came from a game, SPEC §4). */
export function openLoginForGame(): void {
  const modal = useModalStore.getState();
  modal.open('login');
  modal.setDemo(true);
}

/**
 * Launches a game and opens it in the game frame; a failure is a toast and the player stays
 * where they were. A demo is remembered on this device (the casino's "Recent demos"). A game
 * without a demo answers a guest 401: the login modal opens.
 */
export function useLaunchAndOpen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const launch = useLaunchGame();
  const { mutate } = launch;

  const open = useCallback(
    (game: Game, onOpened?: () => void) => {
      mutate(
        { game, language },
        {
          onSuccess: (answer) => {
            onOpened?.();
            if (answer.mode === 'demo') useRecentDemos.getState().add(game);
            const state: PlayRouteState = { game, launch: answer, from: pathname + search };
            void navigate(playPath(game), { state });
          },
          onError: (error) => {
            console.error(error);
            if (isApiError(error) && error.status === 401) {
              toast.error(t('games.errors.loginNeeded'), t('games.errors.title'));
              openLoginForGame();
              return;
            }
            toast.error(launchErrorText(error, game.provider, t), t('games.errors.title'));
          },
        },
      );
    },
    [mutate, language, navigate, pathname, search, t],
  );

  return {
    open,
    isPending: launch.isPending,
    pendingId: launch.isPending ? launch.variables?.game.id : undefined,
  };
}

/**
 * A tile click (SPEC §2): a guest gets the Play modal with demo mode on (the demo, or Log in to
 * play for real; decision 022); a signed-in player launches the game straight away.
 */
export function usePlayGame() {
  const isAuth = useAuthStore((state) => state.isAuth);
  const { open, pendingId, isPending } = useLaunchAndOpen();

  const play = useCallback(
    (game: Game) => {
      if (!isAuth) {
        usePlayStore.getState().choose(game);
        const modal = useModalStore.getState();
        modal.open('play');
        modal.setDemo(true);
        return;
      }
      if (!isPending) open(game);
    },
    [isAuth, isPending, open],
  );

  return { play, pendingId };
}
