import type { CatalogGame } from '../catalog/types';
import { seededRng } from '../shared/rng';
import { drawMotif } from './motifs';
import { layoutTitle, titleText } from './title';

/** Pragmatic's family: candy-bright sunbursts, confetti, glossy outlined symbols, bold titles. */
const PALETTES = [
  ['#ff4f8b', '#ffd36e', '#6d1a8c'],
  ['#1fa8ff', '#a2ffea', '#0a3f80'],
  ['#ff7a00', '#ffe25a', '#8f1d00'],
  ['#8f5bff', '#ff9ad9', '#2d0f6b'],
  ['#14c46f', '#d5ff6a', '#0b4f2d'],
  ['#ff3d3d', '#ffbf69', '#660a1e'],
  ['#00b3b3', '#fff27a', '#064060'],
] as const;

const FONT = `'Arial Rounded MT Bold', 'Arial Black', 'Trebuchet MS', Verdana, 'DejaVu Sans', sans-serif`;

export function pragmaticArt(game: CatalogGame, id: string): string {
  const rng = seededRng(game.artSeed);
  const [main, light, deep] = PALETTES[rng.int(PALETTES.length)] ?? PALETTES[0];
  const cx = 150;
  const cy = 165;
  const rays = Array.from({ length: 14 }, (_, i) => {
    const a0 = (i / 14) * Math.PI * 2 + rng.int(10) / 100;
    const a1 = a0 + Math.PI / 14;
    const r = 420;
    const p = (a: number): string =>
      `${(cx + Math.cos(a) * r).toFixed(1)} ${(cy + Math.sin(a) * r).toFixed(1)}`;
    return `<path d="M${cx} ${cy} L${p(a0)} L${p(a1)} Z"/>`;
  }).join('');
  const confettiColors = ['#ffffff', light, main, deep, '#ffe066'];
  const confetti = Array.from({ length: 16 }, () => {
    const x = rng.int(300);
    const y = rng.int(270);
    const color = confettiColors[rng.int(confettiColors.length)] ?? '#fff';
    const rot = rng.int(180);
    return rng.int(2) === 0
      ? `<circle cx="${x}" cy="${y}" r="${3 + rng.int(5)}" fill="${color}" opacity="0.85"/>`
      : `<rect x="${x}" y="${y}" width="${6 + rng.int(8)}" height="${4 + rng.int(4)}" rx="2" transform="rotate(${rot} ${x} ${y})" fill="${color}" opacity="0.85"/>`;
  }).join('');
  const scale = 0.88 + rng.int(10) / 100;
  const motif = drawMotif(game.motif, {
    fill: `url(#${id}gloss)`,
    stroke: deep,
    strokeWidth: 9,
    detail: '#ffffff',
    solid: light,
  });
  const title = layoutTitle(game.name, {
    width: 256,
    maxFont: 46,
    minFont: 20,
    charWidth: 0.66,
    maxLines: 2,
  });
  const text = (attributes: string): string =>
    titleText(title, {
      x: 150,
      bottom: 364,
      width: 256,
      charWidth: 0.66,
      anchor: 'middle',
      attributes,
    });
  const strokeWidth = Math.max(4, Math.round(title.fontSize * 0.16));
  const fontAttrs = `font-family="${FONT}" font-weight="900"`;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">
<defs>
<radialGradient id="${id}bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${main}"/><stop offset="1" stop-color="${deep}"/></radialGradient>
<linearGradient id="${id}gloss" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.45" stop-color="${light}"/><stop offset="1" stop-color="${main}"/></linearGradient>
<linearGradient id="${id}band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${deep}" stop-opacity="0"/><stop offset="0.5" stop-color="${deep}" stop-opacity="0.75"/><stop offset="1" stop-color="${deep}"/></linearGradient>
<linearGradient id="${id}frame" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff2b3"/><stop offset="0.5" stop-color="#f5b544"/><stop offset="1" stop-color="#b8730a"/></linearGradient>
</defs>
<rect width="300" height="400" fill="url(#${id}bg)"/>
<g fill="#ffffff" opacity="0.16">${rays}</g>
${confetti}
<ellipse cx="150" cy="252" rx="78" ry="12" fill="${deep}" opacity="0.35"/>
<g transform="translate(${cx} ${cy}) scale(${scale.toFixed(2)}) rotate(${rng.int(13) - 6})">${motif}</g>
<rect y="262" width="300" height="138" fill="url(#${id}band)"/>
<g transform="rotate(-3 150 340)">
<g fill="${deep}" transform="translate(0 4)">${text(`${fontAttrs} stroke="${deep}" stroke-width="${strokeWidth}" stroke-linejoin="round"`)}</g>
<g fill="#ffffff">${text(`${fontAttrs} stroke="${main}" stroke-width="${strokeWidth}" stroke-linejoin="round" paint-order="stroke"`)}</g>
</g>
<rect x="5" y="5" width="290" height="390" rx="16" fill="none" stroke="url(#${id}frame)" stroke-width="8"/>
<rect x="104" y="13" width="92" height="20" rx="10" fill="${deep}" opacity="0.75"/>
<text x="150" y="27" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="10" letter-spacing="1.5" fill="#ffe08a">PRAGMATIC</text>
</svg>`;
}
