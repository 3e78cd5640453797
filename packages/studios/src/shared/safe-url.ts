/**
 * The lobby address an operator passes (exit, lobbyUrl, returnUrl) ends up in a link on the
 * game page: only http(s) is accepted, so a "javascript:" address can never run there, or a
 * path on the page's own origin ("/endorphina": an operator mounting the studio in-process
 * without a public address of its own), never "//host" or "/\\host" (another host).
 */
export function safeReturnUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    if (/^\/(?![/\\])/.test(value)) {
      const base = 'http://same-origin.invalid';
      const url = new URL(value, base);
      return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
    }
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
