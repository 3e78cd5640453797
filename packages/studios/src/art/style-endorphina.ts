import type { CatalogGame } from '../catalog/types';
import { seededRng } from '../shared/rng';
import { drawMotif } from './motifs';
import { layoutTitle, titleText } from './title';

/** Endorphina's family: night-black grounds, a neon horizon grid, glowing outlined symbols. */
const PALETTES = [
  ['#12021f', '#2a0638', '#ff2bd6', '#22e4ff'],
  ['#020d14', '#04263a', '#00f5d4', '#ffd166'],
  ['#1a0505', '#3b0a0a', '#ff4d2e', '#ffc93c'],
  ['#061006', '#0f2e0b', '#7dff3c', '#e6ff00'],
  ['#0d0a1f', '#1f1550', '#8c7bff', '#ff6ad5'],
  ['#140c00', '#3a2300', '#ffb000', '#ff4f81'],
  ['#00111a', '#002b3d', '#3cc8ff', '#ff5e5b'],
] as const;

const FONT = `Impact, Haettenschweiler, 'Arial Narrow Bold', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif`;

export function endorphinaArt(game: CatalogGame, id: string): string {
  const rng = seededRng(game.artSeed);
  const [bg1, bg2, neon, neon2] = PALETTES[rng.int(PALETTES.length)] ?? PALETTES[0];
  const horizon = 250;
  const floor: string[] = [];
  for (let i = -6; i <= 6; i++) {
    floor.push(`<line x1="${150 + i * 18}" y1="${horizon}" x2="${150 + i * 70}" y2="400"/>`);
  }
  for (let k = 1; k <= 6; k++) {
    const y = horizon + (k * k * 150) / 36;
    floor.push(`<line x1="0" y1="${y.toFixed(1)}" x2="300" y2="${y.toFixed(1)}"/>`);
  }
  const slashes = Array.from({ length: 3 }, (_, i) => {
    const x = -40 + rng.int(260);
    const w = 10 + rng.int(26);
    const color = i % 2 === 0 ? neon : neon2;
    return `<path d="M${x} 0 L${x + w} 0 L${x + w - 160} 400 L${x - 160} 400 Z" fill="${color}" opacity="${(0.06 + rng.int(8) / 100).toFixed(2)}"/>`;
  }).join('');
  const stars = Array.from({ length: 18 }, () => {
    return `<circle cx="${rng.int(300)}" cy="${rng.int(horizon - 20)}" r="${(0.6 + rng.int(12) / 10).toFixed(1)}" fill="#fff" opacity="${(0.3 + rng.int(50) / 100).toFixed(2)}"/>`;
  }).join('');
  const scale = 0.74 + rng.int(10) / 100;
  const motif = drawMotif(game.motif, {
    fill: bg1,
    stroke: neon,
    strokeWidth: 7,
    detail: neon2,
    solid: bg1,
  });
  const title = layoutTitle(game.name.toUpperCase(), {
    width: 262,
    maxFont: 54,
    minFont: 22,
    charWidth: 0.56,
    maxLines: 2,
  });
  const titleBlock = (attributes: string): string =>
    titleText(title, {
      x: 150,
      bottom: 372,
      width: 262,
      charWidth: 0.56,
      anchor: 'middle',
      attributes,
    });
  const fontAttrs = `font-family="${FONT}" font-weight="700" letter-spacing="1"`;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">
<defs>
<linearGradient id="${id}bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${bg2}"/><stop offset="0.62" stop-color="${bg1}"/><stop offset="1" stop-color="#000"/></linearGradient>
<radialGradient id="${id}halo"><stop offset="0" stop-color="${neon}" stop-opacity="0.45"/><stop offset="1" stop-color="${neon}" stop-opacity="0"/></radialGradient>
<linearGradient id="${id}fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.9"/></linearGradient>
<filter id="${id}glow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="5" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
<filter id="${id}soft" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="6"/></filter>
</defs>
<rect width="300" height="400" fill="url(#${id}bg)"/>
${stars}${slashes}
<g stroke="${neon2}" stroke-width="1.2" opacity="0.35">${floor.join('')}</g>
<line x1="0" y1="${horizon}" x2="300" y2="${horizon}" stroke="${neon}" stroke-width="2" opacity="0.8"/>
<circle cx="150" cy="160" r="125" fill="url(#${id}halo)"/>
<g transform="translate(150 160) scale(${scale.toFixed(2)})" filter="url(#${id}glow)">${motif}</g>
<rect y="270" width="300" height="130" fill="url(#${id}fade)"/>
<text x="18" y="30" font-family="${FONT}" font-size="13" letter-spacing="4" fill="${neon}" opacity="0.9">ENDORPHINA</text>
<g fill="${neon}" filter="url(#${id}soft)" opacity="0.9">${titleBlock(fontAttrs)}</g>
<g fill="#ffffff">${titleBlock(fontAttrs)}</g>
<rect x="6" y="6" width="288" height="388" rx="12" fill="none" stroke="${neon}" stroke-width="1.5" opacity="0.45"/>
</svg>`;
}
