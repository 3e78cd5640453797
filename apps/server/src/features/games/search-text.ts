/**
 * Folds a game name (when stored) and a search term (when queried) the same way, so search is
 * case- and accent-insensitive in any script: lower-case, NFKD (letters and their accents
 * come apart; ligatures and full-width forms become plain letters), accents dropped, anything
 * but letters and digits becomes one space. "Café" and "cafe" both fold to "cafe";
 * "ЗОЛОТО" and "Золото" to "золото"; "Ёлка" to "елка", as Russian readers type it.
 *
 * The one exception is й: NFKD splits it into и + breve, but it is a letter of its own in
 * Russian, not an accented и, so it is put back together.
 */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\u0438\u0306/g, '\u0439')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A search term as words to match, each a substring of the folded name (at most 5 words). */
export function searchWords(term: string | undefined): string[] {
  if (term === undefined) return [];
  const folded = foldSearchText(term);
  if (folded === '') return [];
  return [...new Set(folded.split(' '))].slice(0, 5);
}
