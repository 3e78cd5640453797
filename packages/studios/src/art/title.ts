import { escapeHtml } from '../shared/html';

export interface TitleLayout {
  lines: string[];
  fontSize: number;
  lineHeight: number;
}

/**
 * Wraps a title into at most `maxLines` lines and picks the largest font size at which the
 * longest line fits `width`, from an average glyph width (`charWidth` × font size) of the
 * chosen font stack. The text element also gets textLength as a safety net (see titleText).
 */
export function layoutTitle(
  title: string,
  options: { width: number; maxFont: number; minFont: number; charWidth: number; maxLines: number },
): TitleLayout {
  const words = title.split(/\s+/).filter(Boolean);
  let best: TitleLayout | undefined;
  for (let lineCount = 1; lineCount <= Math.min(options.maxLines, words.length); lineCount++) {
    const lines = balancedWrap(words, lineCount);
    const longest = Math.max(...lines.map((l) => l.length));
    const fit = options.width / (longest * options.charWidth);
    const fontSize = Math.max(options.minFont, Math.min(options.maxFont, Math.floor(fit)));
    if (!best || fontSize > best.fontSize + 4)
      best = { lines, fontSize, lineHeight: fontSize * 1.02 };
  }
  return best ?? { lines: [title], fontSize: options.minFont, lineHeight: options.minFont };
}

/** Splits words into `count` lines of similar length (a small exhaustive search). */
function balancedWrap(words: string[], count: number): string[] {
  if (count <= 1) return [words.join(' ')];
  let bestLines: string[] = [words.join(' ')];
  let bestScore = Infinity;
  const search = (start: number, remaining: number, acc: string[]): void => {
    if (remaining === 1) {
      const lines = [...acc, words.slice(start).join(' ')];
      const score = Math.max(...lines.map((l) => l.length));
      if (score < bestScore) {
        bestScore = score;
        bestLines = lines;
      }
      return;
    }
    for (let end = start + 1; end <= words.length - remaining + 1; end++) {
      search(end, remaining - 1, [...acc, words.slice(start, end).join(' ')]);
    }
  };
  search(0, count, []);
  return bestLines;
}

/** <text> lines; a line longer than the estimate allows is squeezed to the width. */
export function titleText(
  layout: TitleLayout,
  options: {
    x: number;
    /** Baseline of the LAST line; earlier lines stack above it. */
    bottom: number;
    width: number;
    charWidth: number;
    anchor: 'middle' | 'start';
    attributes: string;
  },
): string {
  const { lines, fontSize, lineHeight } = layout;
  return lines
    .map((line, i) => {
      const y = options.bottom - (lines.length - 1 - i) * lineHeight;
      const estimated = line.length * options.charWidth * fontSize;
      const squeeze =
        estimated > options.width
          ? ` textLength="${options.width}" lengthAdjust="spacingAndGlyphs"`
          : '';
      return `<text x="${options.x}" y="${y.toFixed(1)}" font-size="${fontSize}" text-anchor="${options.anchor}"${squeeze} ${options.attributes}>${escapeHtml(line)}</text>`;
    })
    .join('');
}
