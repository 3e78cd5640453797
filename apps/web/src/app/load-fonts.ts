import type { QueryClient } from '@tanstack/react-query';

/** The longest the fonts wait for the first screen's answers after the page has loaded. */
export const fontsAtTheLatestMs = 5000;

/**
 * Adds the web font (Inter) once the first screen is there: the page has loaded and the
 * first API answers it asked for have arrived and rendered (decision 057). Until then text is
 * set in the metric-matched fallback (tokens.css), so the swap moves nothing. On a phone's
 * link the fonts (about 69 KB) would otherwise compete with the code, the lists and the
 * pictures of the first screen, its largest paint included.
 */
export function loadFontsAfterFirstScreen(
  client: QueryClient,
  load: () => Promise<unknown> = () => import('@fontsource-variable/inter'),
): void {
  let done = false;
  let stopWatching = () => {};
  const start = () => {
    if (done) return;
    done = true;
    stopWatching();
    // After the frame that shows the answers.
    requestAnimationFrame(() => void load().catch(() => undefined));
  };
  const whenIdle = () => {
    if (client.isFetching() === 0) return start();
    stopWatching = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) start();
    });
  };
  const afterLoad = () => {
    // A task later: the page's own first requests have started by then.
    setTimeout(whenIdle, 0);
    setTimeout(start, fontsAtTheLatestMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
