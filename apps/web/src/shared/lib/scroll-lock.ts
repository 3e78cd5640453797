import { useEffect } from 'react';

// Several layers may lock at once (menu, chat, modal); the page scrolls again only when the
// last one lets go, so the lock is a counter rather than a flag.
let locks = 0;

function apply(): void {
  const root = document.documentElement;
  if (locks > 0) {
    // A classic scrollbar that disappears would shift the page sideways: keep its gutter.
    if (window.innerWidth > root.clientWidth) root.style.scrollbarGutter = 'stable';
    root.style.overflow = 'hidden';
    root.dataset.scrollLocked = 'true';
  } else {
    root.style.removeProperty('overflow');
    root.style.removeProperty('scrollbar-gutter');
    delete root.dataset.scrollLocked;
  }
}

/** Hides the page's scrolling while `active` is true. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    apply();
    return () => {
      locks -= 1;
      apply();
    };
  }, [active]);
}
