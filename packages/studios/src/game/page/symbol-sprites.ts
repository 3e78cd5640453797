import { drawMotif } from '../../art/motifs';
import { SYMBOLS } from '../../slot/symbols';
import type { PageTheme } from './theme';

/** Which artwork motif draws each reel symbol; card ranks are set as letters instead. */
const MOTIF_OF: Partial<Record<(typeof SYMBOLS)[number], string>> = {
  wild: 'star',
  scatter: 'sun',
  seven: 'seven',
  crown: 'crown',
  gem: 'gem',
  bell: 'bell',
};
const LETTER_OF: Partial<Record<(typeof SYMBOLS)[number], string>> = {
  ace: 'A',
  king: 'K',
  queen: 'Q',
  jack: 'J',
  ten: '10',
};

/** An inline SVG sprite: one <symbol id="s{index}"> per reel symbol, in the studio's paint. */
export function symbolSprite(theme: PageTheme): string {
  const symbols = SYMBOLS.map((name, index) => {
    const [main, outline, detail] = theme.symbolColors[index] ?? ['#fff', '#000', '#888'];
    const motif = MOTIF_OF[name];
    let body: string;
    if (motif) {
      body = `<g transform="scale(0.78)">${drawMotif(motif, { fill: main, stroke: outline, strokeWidth: 8, detail, solid: main })}</g>`;
      if (name === 'wild' || name === 'scatter') {
        const label = name === 'wild' ? 'WILD' : 'BONUS';
        body += `<text y="88" text-anchor="middle" font-family="${theme.letterFont}" font-weight="900" font-size="34" fill="${detail}" stroke="${outline}" stroke-width="6" paint-order="stroke">${label}</text>`;
      }
    } else {
      const letter = LETTER_OF[name] ?? '?';
      body = `<text y="${letter.length > 1 ? 40 : 46}" text-anchor="middle" font-family="${theme.letterFont}" font-weight="900" font-size="${letter.length > 1 ? 110 : 140}" fill="${main}" stroke="${outline}" stroke-opacity="0.35" stroke-width="4">${letter}</text>`;
    }
    return `<symbol id="s${index}" viewBox="-100 -100 200 200">${body}</symbol>`;
  });
  return `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>${symbols.join('')}</defs></svg>`;
}
