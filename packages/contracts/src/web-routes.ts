/**
 * The web app's pages: SPEC §2's route table plus the pages we gave the navigation items it
 * leaves without a path (decision 020). The server answers a browser navigation to any other
 * path with HTTP 404 (the SPA still renders its "not found" page from the same index.html), so
 * a search engine or a link checker learns the page does not exist (issue 16).
 *
 * Keep in step with apps/web/src/app/router.tsx: a web test checks every route of it is here.
 * `*` matches one path segment; a pattern ending in `/**` also matches everything below it.
 */
export const webRoutePatterns = [
  '/',
  '/endorphina',
  '/gbgames',
  '/pragmatic',
  '/casino',
  '/other',
  // SPEC: "path contains /search": deeper paths land on the search screen too.
  '/search/**',
  '/play/*/*',
  '/premium',
  '/faq',
  '/privacy',
  '/terms',
  '/loyalty',
  '/profile',
  '/profile/faq',
  '/profile/balance',
  // Spelled as the specification spells it.
  '/profile/balance/widthdrawall',
  '/profile/balance/credit',
  '/profile/bonus',
  // The identity check (decision 052).
  '/profile/verification',
  // Limits, time-out and self-exclusion (decision 070).
  '/profile/responsible-gaming',
  // The provably fair verifier of the studio games (decision 041).
  '/fair',
  // Responsible gaming, a content page (decision 044).
  '/responsible-gaming',
] as const;

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matches(pattern: string, path: string[]): boolean {
  const parts = segments(pattern);
  if (parts.at(-1) === '**') {
    const fixed = parts.slice(0, -1);
    return path.length >= fixed.length && fixed.every((part, i) => part === path[i]);
  }
  return (
    parts.length === path.length &&
    parts.every((part, i) => part === '*' || part.toLowerCase() === path[i]?.toLowerCase())
  );
}

/** Whether a path (no query) is one of the web app's pages. A trailing slash is ignored. */
export function isWebRoute(pathname: string): boolean {
  let path: string[];
  try {
    path = segments(decodeURIComponent(pathname));
  } catch {
    return false;
  }
  return webRoutePatterns.some((pattern) => matches(pattern, path));
}
