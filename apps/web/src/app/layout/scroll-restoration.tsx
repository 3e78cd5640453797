import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Scroll positions of the entries of this tab's history, by location key. */
const positions = new Map<string, number>();

/**
 * What the data router's ScrollRestoration did, for the declarative router (decision 020): a
 * new page starts at the top, Back and Forward return to where the player was. Only a change of
 * path counts as a new page: filters kept in the query string (casino tabs) keep the scroll.
 */
export function ScrollRestoration() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const keyRef = useRef(key);
  const previousPath = useRef(pathname);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(keyRef.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useLayoutEffect(() => {
    keyRef.current = key;
    const pathChanged = previousPath.current !== pathname;
    previousPath.current = pathname;
    if (navigationType === NavigationType.Pop) {
      const saved = positions.get(key);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (!pathChanged || hash) return;
    window.scrollTo(0, 0);
  }, [key, pathname, hash, navigationType]);

  return null;
}
