import { createHash } from 'node:crypto';
import type { ProviderSlug } from '@casino/contracts';

/**
 * Artwork for a game whose provider gave none (a catalog field missing, a host not
 * configured): a 3:4 tile with the game's name on a gradient of its own, so the lobby never
 * shows an empty picture. Served by GET /api/games/tile/{provider}/{gameId}.svg.
 */

const providerLabels: Record<ProviderSlug, string> = {
  endorphina: 'Endorphina',
  gbgames: 'GB Games',
  pragmatic: 'Pragmatic Play',
};

/** Where a game's generated tile is served (relative to the site, like every launch path). */
export function generatedTilePath(provider: ProviderSlug, providerGameId: string): string {
  return `/api/games/tile/${provider}/${encodeURIComponent(providerGameId)}.svg`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Greedy wrap into at most `maxLines` lines of about `width` characters (the last one cut). */
function wrap(name: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines)
    return lines.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

/** The SVG of a tile; the same game always gets the same colours. */
export function renderGeneratedTile(
  provider: ProviderSlug,
  providerGameId: string,
  name: string,
): string {
  const digest = createHash('sha256').update(`${provider}/${providerGameId}`).digest();
  const hue = (digest[0]! * 360) / 256;
  const hue2 = (hue + 40 + (digest[1]! % 80)) % 360;
  const lines = wrap(name, 12, 4);
  // A long word keeps its line: the font shrinks to fit 260 of the 300 units (an average
  // glyph of the sans-serif stack is about 0.6 em wide).
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const fontSize = Math.max(18, Math.min(34, Math.floor(260 / (longest * 0.6))));
  // Only a line that may run past the tile is squeezed to its width; others keep their glyphs.
  const squeeze = (line: string) =>
    line.length * fontSize * 0.66 > 270 ? ' textLength="270" lengthAdjust="spacingAndGlyphs"' : '';
  const top = 200 - ((lines.length - 1) * fontSize * 1.15) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="150" y="${(top + i * fontSize * 1.15).toFixed(1)}" text-anchor="middle" font-size="${fontSize}" font-weight="700"${squeeze(line)}>${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue.toFixed(0)} 62% 42%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2.toFixed(0)} 70% 22%)"/></linearGradient>` +
    `<clipPath id="c"><rect width="300" height="400" rx="18"/></clipPath></defs>` +
    `<g clip-path="url(#c)"><rect width="300" height="400" fill="url(#g)"/>` +
    `<circle cx="240" cy="70" r="90" fill="#fff" opacity="0.06"/></g>` +
    `<g fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">${text}` +
    `<text x="150" y="370" text-anchor="middle" font-size="18" opacity="0.75">${escapeXml(providerLabels[provider])}</text></g>` +
    `</svg>`
  );
}
