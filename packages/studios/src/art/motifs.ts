/**
 * The large symbols of the artwork, drawn as plain SVG shapes in a 200 × 200 box centred on
 * the origin. Each studio style decides the paint (flat, glossy, neon outline); the shapes
 * are the same vocabulary so a motif reads instantly at thumbnail size.
 */
export interface Paint {
  /** Main fill (a colour or a url(#gradient)). */
  fill: string;
  stroke: string;
  strokeWidth: number;
  /** Secondary colour for inner details. */
  detail: string;
  /** A flat colour close to `fill`, for thick strokes (a gradient on a straight line draws nothing). */
  solid: string;
}

type Draw = (p: Paint) => string;

const attrs = (p: Paint, fill = p.fill): string =>
  `fill="${fill}" stroke="${p.stroke}" stroke-width="${p.strokeWidth}" stroke-linejoin="round" stroke-linecap="round"`;

const star = (points: number, outer: number, inner: number, rotate = -90): string => {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotate + (i * 180) / points) * Math.PI) / 180;
    pts.push(`${(Math.cos(a) * r).toFixed(1)},${(Math.sin(a) * r).toFixed(1)}`);
  }
  return pts.join(' ');
};

export const MOTIFS: Record<string, Draw> = {
  crown: (p) =>
    `<path d="M-78 40 L-88 -52 L-44 -8 L0 -70 L44 -8 L88 -52 L78 40 Z" ${attrs(p)}/>` +
    `<rect x="-80" y="40" width="160" height="26" rx="6" ${attrs(p)}/>` +
    `<circle cx="0" cy="-78" r="10" fill="${p.detail}"/><circle cx="-90" cy="-58" r="8" fill="${p.detail}"/>` +
    `<circle cx="90" cy="-58" r="8" fill="${p.detail}"/><circle cx="0" cy="53" r="7" fill="${p.detail}"/>` +
    `<circle cx="-44" cy="53" r="5" fill="${p.detail}"/><circle cx="44" cy="53" r="5" fill="${p.detail}"/>`,
  gem: (p) =>
    `<path d="M-50 -60 L50 -60 L90 -18 L0 78 L-90 -18 Z" ${attrs(p)}/>` +
    `<path d="M-90 -18 L90 -18 M-50 -60 L-24 -18 L0 78 L24 -18 L50 -60 M-24 -18 L0 -60 L24 -18" fill="none" stroke="${p.detail}" stroke-width="${Math.max(3, p.strokeWidth * 0.6)}" stroke-linejoin="round" opacity="0.8"/>`,
  star: (p) =>
    `<polygon points="${star(5, 92, 40)}" ${attrs(p)}/><polygon points="${star(5, 40, 18)}" fill="${p.detail}" opacity="0.7"/>`,
  moon: (p) =>
    `<path d="M30 -80 A84 84 0 1 0 62 58 A66 66 0 1 1 30 -80 Z" ${attrs(p)}/>` +
    `<polygon points="${star(4, 16, 5)}" transform="translate(56 -40)" fill="${p.detail}"/>` +
    `<polygon points="${star(4, 10, 3)}" transform="translate(78 6)" fill="${p.detail}"/>`,
  sun: (p) =>
    `<polygon points="${star(12, 94, 62, -90)}" ${attrs(p)}/><circle r="48" ${attrs(p, p.detail)}/>`,
  flame: (p) =>
    `<path d="M0 -90 C30 -50 70 -30 62 20 C56 62 30 84 0 84 C-30 84 -58 62 -62 24 C-66 -14 -40 -30 -30 -62 C-14 -40 -10 -30 -4 -20 C6 -40 8 -64 0 -90 Z" ${attrs(p)}/>` +
    `<path d="M0 0 C16 18 30 30 26 52 C22 70 10 78 0 78 C-12 78 -26 68 -26 50 C-26 32 -10 22 0 0 Z" fill="${p.detail}"/>`,
  bolt: (p) => `<path d="M18 -92 L-58 12 L-6 12 L-24 92 L58 -16 L6 -16 Z" ${attrs(p)}/>`,
  clover: (p) =>
    `<g ${attrs(p)}><circle cx="0" cy="-40" r="36"/><circle cx="-40" cy="0" r="36"/><circle cx="40" cy="0" r="36"/><circle cx="0" cy="40" r="36"/></g>` +
    `<path d="M6 20 C20 50 30 70 52 90" fill="none" stroke="${p.stroke}" stroke-width="${p.strokeWidth + 6}" stroke-linecap="round"/>` +
    `<circle r="16" fill="${p.detail}"/>`,
  bell: (p) =>
    `<path d="M0 -84 C-46 -84 -58 -40 -60 0 C-62 30 -72 44 -86 56 L86 56 C72 44 62 30 60 0 C58 -40 46 -84 0 -84 Z" ${attrs(p)}/>` +
    `<circle cx="0" cy="70" r="16" fill="${p.detail}" stroke="${p.stroke}" stroke-width="${p.strokeWidth}"/>` +
    `<path d="M-30 -50 C-40 -30 -42 -10 -42 10" fill="none" stroke="${p.detail}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>`,
  seven: (p) =>
    `<path d="M-66 -80 L70 -80 L70 -52 C30 -10 6 34 0 86 L-40 86 C-32 36 -8 -8 26 -46 L-66 -46 Z" ${attrs(p)}/>` +
    `<path d="M-58 -70 L58 -70" stroke="${p.detail}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`,
  horseshoe: (p) =>
    `<path d="M-64 76 L-78 -4 C-86 -66 -44 -92 0 -92 C44 -92 86 -66 78 -4 L64 76 L30 76 L44 -4 C50 -44 28 -58 0 -58 C-28 -58 -50 -44 -44 -4 L-30 76 Z" ${attrs(p)}/>` +
    [-62, -70, -60, 62, 70, 60]
      .map((x, i) => `<circle cx="${x}" cy="${[-10, 30, 62][i % 3]}" r="6" fill="${p.detail}"/>`)
      .join(''),
  anchor: (p) =>
    [p.strokeWidth * 2 + 18, 18]
      .map(
        (w, i) =>
          `<g fill="none" stroke="${i === 0 ? p.stroke : p.solid}" stroke-width="${w}" stroke-linecap="round"><circle cx="0" cy="-66" r="18"/><path d="M0 -48 L0 80 M-40 -20 L40 -20 M-76 20 C-70 62 -36 80 0 80 C36 80 70 62 76 20"/></g>`,
      )
      .join('') + `<path d="M-88 30 L-76 8 L-60 30 Z M88 30 L76 8 L60 30 Z" fill="${p.detail}"/>`,
  key: (p) =>
    [p.strokeWidth * 2 + 20, 20]
      .map(
        (w, i) =>
          `<path d="M-16 -16 L76 76 M36 36 L60 12 M56 56 L76 36" fill="none" stroke="${i === 0 ? p.stroke : p.solid}" stroke-width="${w}" stroke-linecap="round"/>`,
      )
      .join('') +
    `<circle cx="-44" cy="-44" r="40" ${attrs(p)}/><circle cx="-44" cy="-44" r="16" fill="${p.detail}"/>`,
  eye: (p) =>
    `<path d="M-96 0 C-56 -62 56 -62 96 0 C56 62 -56 62 -96 0 Z" ${attrs(p)}/>` +
    `<circle r="36" fill="${p.detail}"/><circle r="16" fill="${p.stroke}"/><circle cx="10" cy="-10" r="6" fill="#fff" opacity="0.9"/>`,
  lotus: (p) =>
    `<g ${attrs(p)}><path d="M0 60 C-30 20 -30 -40 0 -84 C30 -40 30 20 0 60 Z"/>` +
    `<path d="M0 60 C-50 40 -84 0 -80 -40 C-44 -30 -16 0 0 60 Z"/><path d="M0 60 C50 40 84 0 80 -40 C44 -30 16 0 0 60 Z"/></g>` +
    `<path d="M-90 70 C-40 54 40 54 90 70" fill="none" stroke="${p.detail}" stroke-width="8" stroke-linecap="round"/>`,
  feather: (p) =>
    `<path d="M60 -88 C-20 -70 -70 0 -60 70 C0 60 60 0 60 -88 Z" ${attrs(p)}/>` +
    `<path d="M52 -76 C20 -30 -20 20 -78 90" fill="none" stroke="${p.detail}" stroke-width="7" stroke-linecap="round"/>`,
  mountain: (p) =>
    `<path d="M-96 76 L-30 -40 L0 6 L36 -76 L96 76 Z" ${attrs(p)}/>` +
    `<path d="M36 -76 L18 -36 L30 -30 L42 -46 L54 -30 L36 -76 Z M-30 -40 L-44 -16 L-30 -22 L-18 -16 Z" fill="${p.detail}"/>` +
    `<circle cx="-56" cy="-64" r="16" fill="${p.detail}"/>`,
  wave: (p) =>
    `<path d="M-96 70 C-96 -10 -40 -80 30 -80 C70 -80 96 -50 96 -20 C80 -40 50 -44 34 -30 C60 -28 70 -6 60 14 C40 -6 0 0 -4 40 C-6 56 4 66 20 70 Z" ${attrs(p)}/>` +
    `<path d="M-96 84 C-60 70 -30 96 0 84 C30 70 60 96 96 84" fill="none" stroke="${p.detail}" stroke-width="8" stroke-linecap="round"/>`,
  planet: (p) =>
    `<circle r="58" ${attrs(p)}/>` +
    `<ellipse rx="98" ry="26" transform="rotate(-18)" fill="none" stroke="${p.detail}" stroke-width="10"/>` +
    `<path d="M-50 -30 C-20 -40 20 -36 48 -20" fill="none" stroke="${p.detail}" stroke-width="6" stroke-linecap="round" opacity="0.6"/>`,
  heart: (p) =>
    `<path d="M0 84 C-70 30 -96 -6 -92 -40 C-88 -76 -46 -90 0 -50 C46 -90 88 -76 92 -40 C96 -6 70 30 0 84 Z" ${attrs(p)}/>` +
    `<ellipse cx="-44" cy="-42" rx="18" ry="11" transform="rotate(-35 -44 -42)" fill="${p.detail}" opacity="0.75"/>`,
  mask: (p) =>
    `<path d="M-92 -44 C-40 -60 40 -60 92 -44 C92 10 70 50 30 50 C14 50 8 30 0 30 C-8 30 -14 50 -30 50 C-70 50 -92 10 -92 -44 Z" ${attrs(p)}/>` +
    `<ellipse cx="-40" cy="-8" rx="20" ry="13" fill="${p.detail}"/><ellipse cx="40" cy="-8" rx="20" ry="13" fill="${p.detail}"/>` +
    `<path d="M-70 -56 C-60 -90 -30 -84 -20 -60 M70 -56 C60 -90 30 -84 20 -60" fill="none" stroke="${p.detail}" stroke-width="7" stroke-linecap="round"/>`,
  shield: (p) =>
    `<path d="M0 -92 L78 -62 C78 10 50 60 0 90 C-50 60 -78 10 -78 -62 Z" ${attrs(p)}/>` +
    `<polygon points="${star(5, 36, 15)}" fill="${p.detail}"/>`,
  spade: (p) =>
    `<path d="M0 -92 C40 -44 88 -20 88 20 C88 56 46 66 14 40 C18 62 28 78 44 88 L-44 88 C-28 78 -18 62 -14 40 C-46 66 -88 56 -88 20 C-88 -20 -40 -44 0 -92 Z" ${attrs(p)}/>`,
  club: (p) =>
    `<g ${attrs(p)}><circle cx="0" cy="-44" r="38"/><circle cx="-46" cy="20" r="38"/><circle cx="46" cy="20" r="38"/>` +
    `<path d="M-10 20 C-10 56 -24 76 -40 88 L40 88 C24 76 10 56 10 20 Z"/></g>`,
  diamond: (p) =>
    `<path d="M0 -94 C20 -52 44 -24 74 0 C44 24 20 52 0 94 C-20 52 -44 24 -74 0 C-44 -24 -20 -52 0 -94 Z" ${attrs(p)}/>`,
  chip: (p) =>
    `<circle r="88" ${attrs(p)}/>` +
    `<circle r="88" fill="none" stroke="${p.detail}" stroke-width="18" stroke-dasharray="34 35"/>` +
    `<circle r="56" fill="none" stroke="${p.detail}" stroke-width="6"/><polygon points="${star(5, 32, 14)}" fill="${p.detail}"/>`,
  wheel: (p) =>
    `<circle r="90" ${attrs(p)}/>` +
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      return `<path d="M0 0 L${(Math.cos(a) * 80).toFixed(1)} ${(Math.sin(a) * 80).toFixed(1)}" stroke="${p.detail}" stroke-width="5"/>`;
    }).join('') +
    `<circle r="80" fill="none" stroke="${p.detail}" stroke-width="5"/><circle r="22" fill="${p.detail}"/><circle cx="0" cy="-64" r="9" fill="#fff"/>`,
  dice: (p) =>
    `<rect x="-78" y="-78" width="156" height="156" rx="28" transform="rotate(-10)" ${attrs(p)}/>` +
    [
      [-40, -40],
      [40, -40],
      [0, 0],
      [-40, 40],
      [40, 40],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="14" transform="rotate(-10)" fill="${p.detail}"/>`,
      )
      .join(''),
};

export function drawMotif(name: string, paint: Paint): string {
  const draw = MOTIFS[name] ?? MOTIFS['star'];
  return draw ? draw(paint) : '';
}
