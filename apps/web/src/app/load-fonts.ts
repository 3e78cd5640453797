import type { QueryClient } from '@tanstack/react-query';

/** The longest the fonts wait for the first screen after the page has loaded. */
export const fontsAtTheLatestMs = 5000;
/** How long the network must have been quiet (no download finished) first. */
export const quietMs = 500;

/** Calls `onDownload` whenever a download of the page finishes; returns the unsubscribe. */
export type DownloadWatcher = (onDownload: () => void) => () => void;

const watchDownloads: DownloadWatcher = (onDownload) => {
  if (typeof PerformanceObserver !== 'function') return () => {};
  const observer = new PerformanceObserver(onDownload);
  try {
    observer.observe({ type: 'resource' });
  } catch {
    return () => {};
  }
  return () => observer.disconnect();
};

/**
 * Adds the web font (Inter) once the first screen is there (decision 057): the page has
 * loaded, no API request is in flight and no download has finished for half a second (the
 * first screen's lists and pictures are in). Until then text is set in the metric-matched
 * fallback (tokens.css), so the swap moves nothing. On a phone's link the fonts (about
 * 69 KB) would otherwise compete with the code, the lists and the pictures of the first
 * screen, its largest paint included.
 */
export function loadFontsAfterFirstScreen(
  client: QueryClient,
  load: () => Promise<unknown> = () => import('@fontsource-variable/inter'),
  watch: DownloadWatcher = watchDownloads,
): void {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const stops: (() => void)[] = [];
  const start = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    for (const stop of stops) stop();
    void load().catch(() => undefined);
  };
  const check = () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      if (client.isFetching() === 0) start();
    }, quietMs);
  };
  const afterLoad = () => {
    stops.push(watch(check), client.getQueryCache().subscribe(check));
    check();
    setTimeout(start, fontsAtTheLatestMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
