import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useModalStore } from '../../shared/ui/modal/modal-store';
import { useAuthStore } from './auth-store';

/*
 * A guest who opens a profile page lands on / (SPEC §6) with the login window open over it
 * (issue 25); once signed in, the player arrives at the page they asked for. The page waits
 * here until then, and is forgotten when the guest goes elsewhere or closes the windows
 * without signing in (docs/decisions/064).
 */
let waiting: { path: string; pathname: string; landedOn: string } | null = null;

/*
 * A player who signs out on a profile page is taken to the lobby, not asked to sign in again:
 * the guard sees a guest on that page for a moment before the lobby's route is shown, and the
 * login window must not open over the lobby then. The page shown when the player signed out
 * is remembered until the player is on another one (not a time window: a busy phone can take
 * longer than any fixed time between the two).
 */
let shownPathname: string | null = null;
let signedOutOn: string | null = null;

/** The player signed out on purpose (the logout button): no login window follows. */
export function noteSignOut(): void {
  signedOutOn = shownPathname;
}

/** The page a guest asked for, kept for after the sign-in; opens the login window. */
export function askToSignInFor(
  location: { pathname: string; search: string; hash: string },
  landedOn: string,
): void {
  if (signedOutOn !== null && location.pathname === signedOutOn) return;
  const { pathname, search, hash } = location;
  waiting = { path: pathname + search + hash, pathname, landedOn };
  useModalStore.getState().open('login');
}

/** The page the guest asked for, if the sign-in is still for it (tests). */
export function pageAfterSignIn(): string | null {
  return waiting?.path ?? null;
}

const signInModals = new Set([
  'login',
  'register',
  'verify',
  'twoFactor',
  'terms',
  'forgotPassword',
]);

/** Mounted once by the shell: takes the player to the page they asked for after signing in. */
export function useReturnAfterSignIn(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (!state.isAuth || previous.isAuth || !waiting) return;
        const { path, pathname: asked, landedOn } = waiting;
        waiting = null;
        // Only from where the guest was asked to sign in: one who went on to another page
        // stays there, whatever order the page's effects ran in.
        if (shownPathname !== null && shownPathname !== landedOn && shownPathname !== asked) return;
        void navigate(path, { replace: true });
      }),
    [navigate],
  );

  // The guest went on to another page: the one asked for before is not wanted any more.
  // A layout effect: it runs as the page is put on screen, before anything the player (or a
  // sign-in finishing) can do there; a passive one can still be pending on a busy machine,
  // and a sign-in then took the player back from the page they went on to.
  useLayoutEffect(() => {
    shownPathname = pathname;
    if (signedOutOn !== null && pathname !== signedOutOn) signedOutOn = null;
    if (waiting && pathname !== waiting.landedOn && pathname !== waiting.pathname) waiting = null;
  }, [pathname]);

  useEffect(
    () =>
      useModalStore.subscribe((state, previous) => {
        if (state.modal !== null || previous.modal === null || !signInModals.has(previous.modal)) {
          return;
        }
        // The login window closes before its request is sent: look once that has started.
        setTimeout(() => {
          const signingIn = queryClient.isMutating({ mutationKey: ['auth'] }) > 0;
          if (!signingIn && !useAuthStore.getState().isAuth && !useModalStore.getState().modal) {
            waiting = null;
          }
        }, 0);
      }),
    [queryClient],
  );
}
