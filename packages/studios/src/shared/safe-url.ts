/**
 * The lobby address an operator passes (exit, lobbyUrl, returnUrl) ends up in a link on the
 * game page: only http(s) is accepted, so a "javascript:" address can never run there.
 */
export function safeReturnUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
