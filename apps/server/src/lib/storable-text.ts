/**
 * Text that PostgreSQL cannot store, or that would not come back as sent: a NUL character
 * (refused by every text column: "invalid byte sequence for encoding UTF8: 0x00", a 500 when
 * it reached a query) and a lone UTF-16 surrogate (no UTF-8 form: silently turned into U+FFFD,
 * so a name or a signed parameter would be stored other than it was sent).
 */
// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}

/**
 * The path ("/a/0/b", "" for the value itself) of the first string, or object key, anywhere in
 * a parsed request part that is not storable text; undefined when all are.
 */
export function unstorableTextPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  // Parsed JSON and query strings are shallow; a deep one is not ours to walk forever.
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, `${path}/${index}`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return `${path}/${key.replace(/[^\x20-\x7e]/g, '?')}`;
    const found = unstorableTextPath(item, `${path}/${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
