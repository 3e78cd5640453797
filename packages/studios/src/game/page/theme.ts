import type { StudioName } from '../../catalog/types';

/** Each studio's game page has its own look, matching its artwork family. */
export interface PageTheme {
  label: string;
  font: string;
  titleFont: string;
  css: Record<string, string>;
  /** Paint of the reel symbols: [main, outline, detail] per symbol index. */
  symbolColors: readonly (readonly [string, string, string])[];
  letterFont: string;
}

const ENDO_SYMBOLS = [
  ['#0b0a14', '#ffe600', '#ff2bd6'],
  ['#0b0a14', '#ff8a00', '#ffe600'],
  ['#0b0a14', '#ff2bd6', '#22e4ff'],
  ['#0b0a14', '#ffd166', '#ff4f81'],
  ['#0b0a14', '#22e4ff', '#ffffff'],
  ['#0b0a14', '#7dff3c', '#e6ff00'],
  ['#ff2bd6', '#ff2bd6', '#ff2bd6'],
  ['#22e4ff', '#22e4ff', '#22e4ff'],
  ['#8c7bff', '#8c7bff', '#8c7bff'],
  ['#7dff3c', '#7dff3c', '#7dff3c'],
  ['#ffb000', '#ffb000', '#ffb000'],
] as const;

const PRAGMATIC_SYMBOLS = [
  ['#ffe066', '#8a3b00', '#ffffff'],
  ['#ff9f1c', '#7a1fa2', '#fff3b0'],
  ['#ff4f8b', '#6d1a8c', '#ffffff'],
  ['#ffd36e', '#8f1d00', '#ff4f8b'],
  ['#3ec6ff', '#0a3f80', '#ffffff'],
  ['#ffcf3e', '#8a3b00', '#ffffff'],
  ['#ff4f8b', '#5a0f3a', '#ffffff'],
  ['#3ec6ff', '#0a3f80', '#ffffff'],
  ['#14c46f', '#0b4f2d', '#ffffff'],
  ['#8f5bff', '#2d0f6b', '#ffffff'],
  ['#ff7a00', '#8f1d00', '#ffffff'],
] as const;

const GB_SYMBOLS = [
  ['#f2b84b', '#1f3a4d', '#d9644a'],
  ['#d9644a', '#1f3a4d', '#f2b84b'],
  ['#d9644a', '#1f3a4d', '#efe4cf'],
  ['#f2b84b', '#1f3a4d', '#d9644a'],
  ['#6fb3a3', '#1f3a4d', '#efe4cf'],
  ['#e9c46a', '#1f3a4d', '#d9644a'],
  ['#d9644a', '#d9644a', '#d9644a'],
  ['#1f3a4d', '#1f3a4d', '#1f3a4d'],
  ['#6fb3a3', '#6fb3a3', '#6fb3a3'],
  ['#8e7cc3', '#8e7cc3', '#8e7cc3'],
  ['#c9705a', '#c9705a', '#c9705a'],
] as const;

export const THEMES: Record<StudioName, PageTheme> = {
  endorphina: {
    label: 'ENDORPHINA',
    font: `'Liberation Sans', Arial, 'DejaVu Sans', sans-serif`,
    titleFont: `Impact, Haettenschweiler, 'Arial Narrow Bold', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif`,
    letterFont: `Impact, Haettenschweiler, 'Arial Narrow Bold', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif`,
    symbolColors: ENDO_SYMBOLS,
    css: {
      '--bg': 'radial-gradient(120% 80% at 50% 0%, #2a0638 0%, #0a0614 55%, #000 100%)',
      '--panel': '#100c1c',
      '--cell': 'linear-gradient(180deg, #140f24, #0a0812)',
      '--border': '#ff2bd6',
      '--text': '#f6f0ff',
      '--muted': '#b9a9d9',
      '--accent': '#ff2bd6',
      '--accent-2': '#22e4ff',
      '--spin': 'radial-gradient(circle at 50% 35%, #ff7be8, #ff2bd6 55%, #8a0f74)',
      '--spin-text': '#ffffff',
      '--glow': '0 0 18px rgba(255, 43, 214, 0.65)',
      '--radius': '6px',
    },
  },
  pragmatic: {
    label: 'PRAGMATIC',
    font: `'Trebuchet MS', Verdana, 'DejaVu Sans', sans-serif`,
    titleFont: `'Arial Rounded MT Bold', 'Arial Black', 'Trebuchet MS', 'DejaVu Sans', sans-serif`,
    letterFont: `'Arial Black', 'Arial Rounded MT Bold', 'DejaVu Sans', sans-serif`,
    symbolColors: PRAGMATIC_SYMBOLS,
    css: {
      '--bg': 'radial-gradient(120% 90% at 50% 10%, #a46bff 0%, #5b2bd1 45%, #240c5c 100%)',
      '--panel': 'rgba(36, 12, 92, 0.78)',
      '--cell': 'linear-gradient(180deg, #fff8e7, #ffe3b3)',
      '--border': '#f5b544',
      '--text': '#ffffff',
      '--muted': '#f3dcff',
      '--accent': '#ffcf3e',
      '--accent-2': '#3ec6ff',
      '--spin': 'radial-gradient(circle at 50% 30%, #b6ff7a, #22c55e 55%, #0b6b2f)',
      '--spin-text': '#ffffff',
      '--glow': '0 6px 0 #b8730a, 0 10px 24px rgba(0,0,0,.35)',
      '--radius': '18px',
    },
  },
  gbgames: {
    label: 'GB GAMES',
    font: `Georgia, 'DejaVu Serif', 'Liberation Serif', serif`,
    titleFont: `Georgia, 'DejaVu Serif', 'Liberation Serif', serif`,
    letterFont: `Georgia, 'DejaVu Serif', 'Liberation Serif', serif`,
    symbolColors: GB_SYMBOLS,
    css: {
      '--bg': '#1f3a4d',
      '--panel': '#efe4cf',
      '--cell': '#f7efe0',
      '--border': '#d9644a',
      '--text': '#1f3a4d',
      '--muted': '#5b6b75',
      '--accent': '#d9644a',
      '--accent-2': '#f2b84b',
      '--spin': '#d9644a',
      '--spin-text': '#fffaf0',
      '--glow': 'none',
      '--radius': '2px',
    },
  },
};
