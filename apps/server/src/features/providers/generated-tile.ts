import { createHash } from 'node:crypto';

/**
 * Artwork for a game whose provider gives us none we can reach (Pragmatic without an image
 * host configured): a 300 × 400 SVG tile with the game's name on a gradient picked from `key`,
 * as a data: URL, so the lobby never shows an empty image and nothing is fetched from anyone.
 * The same key and name always give the same tile.
 */
export function generatedTile(name: string, key: string): string {
  const digest = createHash('sha256').update(key).digest();
  const hue = ((digest[0] ?? 0) * 360) / 256;
  const hue2 = (hue + 40 + (digest[1] ?? 0) / 4) % 360;
  const lines = wrap(name.trim() || key, 14, 4);
  const top = 200 - ((lines.length - 1) * 34) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="150" y="${top + i * 34}" text-anchor="middle" font-family="sans-serif" ` +
        `font-size="28" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue.toFixed(0)},65%,42%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2.toFixed(0)},70%,22%)"/></linearGradient></defs>` +
    `<rect width="300" height="400" fill="url(#g)"/>${text}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Words into at most `maxLines` lines of about `width` characters; the last one cut with …. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, width - 1)}…`;
  return kept;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
