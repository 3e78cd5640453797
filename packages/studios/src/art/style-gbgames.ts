import type { CatalogGame } from '../catalog/types';
import { escapeHtml } from '../shared/html';
import { seededRng, type Rng } from '../shared/rng';
import { drawMotif } from './motifs';
import { layoutTitle, titleText } from './title';

/** GB Games' family: flat geometric posters in muted inks, a cream title card with a serif. */
const PALETTES = [
  ['#1f3a4d', '#efe4cf', '#d9644a', '#f2b84b'],
  ['#2d2a4a', '#f0e6d2', '#8e7cc3', '#e07a5f'],
  ['#143d33', '#efe7d6', '#d4a373', '#6fb3a3'],
  ['#3b1f2b', '#f5e9dc', '#c9705a', '#e9c46a'],
  ['#102542', '#f4f1de', '#f87060', '#b3dec1'],
  ['#2b2d42', '#edf2f4', '#ef233c', '#8d99ae'],
  ['#33261d', '#f3ead8', '#e76f51', '#2a9d8f'],
] as const;

const FONT = `Georgia, 'DejaVu Serif', 'Liberation Serif', 'Times New Roman', serif`;

const CATEGORY_LABEL = { slots: 'SLOT', table: 'TABLE', live: 'LIVE', instant: 'INSTANT' } as const;

/** One geometric tile of the poster grid (100 × 100 cells). */
function shape(rng: Rng, x: number, y: number, color: string): string {
  const r = 100;
  switch (rng.int(5)) {
    case 0:
      return `<circle cx="${x + 50}" cy="${y + 50}" r="50" fill="${color}"/>`;
    case 1: {
      const rot = rng.int(4) * 90;
      return `<path d="M${x} ${y + r} A${r} ${r} 0 0 1 ${x + r} ${y} L${x + r} ${y + r} Z" transform="rotate(${rot} ${x + 50} ${y + 50})" fill="${color}"/>`;
    }
    case 2: {
      const rot = rng.int(4) * 90;
      return `<path d="M${x} ${y + r} L${x + r} ${y + r} L${x + r} ${y} Z" transform="rotate(${rot} ${x + 50} ${y + 50})" fill="${color}"/>`;
    }
    case 3:
      return `<path d="M${x} ${y + 50} A50 50 0 0 1 ${x + r} ${y + 50} Z" transform="rotate(${rng.int(4) * 90} ${x + 50} ${y + 50})" fill="${color}"/>`;
    default:
      return `<g stroke="${color}" stroke-width="7">${[12, 30, 48, 66, 84].map((d) => `<line x1="${x + d}" y1="${y + 8}" x2="${x + d}" y2="${y + 92}"/>`).join('')}</g>`;
  }
}

export function gbgamesArt(game: CatalogGame, id: string): string {
  const rng = seededRng(game.artSeed);
  const [ink, cream, warm, cool] = PALETTES[rng.int(PALETTES.length)] ?? PALETTES[0];
  const colors = [warm, cool, warm, cream];
  const cells: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      if (rng.int(100) < 70) {
        const color = colors[rng.int(colors.length)] ?? warm;
        const opacity = color === cream ? 0.22 : 1;
        cells.push(`<g opacity="${opacity}">${shape(rng, col * 100, row * 100, color)}</g>`);
      }
    }
  }
  const scale = 0.64 + rng.int(8) / 100;
  const motif = drawMotif(game.motif, {
    fill: cream,
    stroke: ink,
    strokeWidth: 6,
    detail: warm,
    solid: cream,
  });
  const title = layoutTitle(game.name, {
    width: 256,
    maxFont: 38,
    minFont: 18,
    charWidth: 0.64,
    maxLines: 2,
  });
  const titleSvg = titleText(title, {
    x: 22,
    bottom: 378,
    width: 256,
    charWidth: 0.64,
    anchor: 'start',
    attributes: `font-family="${FONT}" font-style="italic" font-weight="700" fill="${ink}"`,
  });
  const tagY = 378 - (title.lines.length - 1) * title.lineHeight - title.fontSize - 6;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">
<defs><clipPath id="${id}clip"><rect width="300" height="300"/></clipPath></defs>
<rect width="300" height="400" fill="${ink}"/>
<g clip-path="url(#${id}clip)">${cells.join('')}</g>
<circle cx="150" cy="150" r="92" fill="${ink}" opacity="0.85"/>
<circle cx="150" cy="150" r="92" fill="none" stroke="${cream}" stroke-width="2" opacity="0.6"/>
<g transform="translate(150 150) scale(${scale.toFixed(2)})">${motif}</g>
<rect x="0" y="${Math.min(292, tagY - 18).toFixed(1)}" width="300" height="${(400 - Math.min(292, tagY - 18)).toFixed(1)}" fill="${cream}"/>
<rect x="22" y="${(tagY - 9).toFixed(1)}" width="18" height="4" fill="${warm}"/>
<text x="46" y="${(tagY - 4).toFixed(1)}" font-family="${FONT}" font-size="10" letter-spacing="2.5" fill="${warm}">${escapeHtml(`${CATEGORY_LABEL[game.category]} · GB GAMES`)}</text>
${titleSvg}
</svg>`;
}
