/**
 * Copies a saved preference (theme, language) into a cookie the server reads when it sends
 * the page, so <html> comes with the right class and lang and the first paint needs no
 * blocking script (decision 057). A preference, not a secret: readable by scripts, sent only
 * to this site, a year long. `null` removes it (nothing saved: the page follows the defaults).
 */
export function writePreferenceCookie(name: string, value: string | null): void {
  try {
    document.cookie =
      value === null
        ? `${name}=; path=/; max-age=0; samesite=lax`
        : `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies disabled: the page still works, its first paint follows the defaults.
  }
}
