/**
 * The player's country as far as it is known here: the region of the browser's preferred
 * languages ("ru-RU" → RU, "en-GB" → GB), the first one that names a region. The account
 * keeps no country, so this is the one place it is known; unknown (a bare "ru"): undefined,
 * and the phone input keeps the spec's BY (docs/decisions/064). No phone library here: the
 * modal that has it checks the code.
 */
export function playerRegion(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): string | undefined {
  for (const tag of languages) {
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return undefined;
}
