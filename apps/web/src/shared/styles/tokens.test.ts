import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The shared tokens (decision 084), which this app's tokens.css imports first.
const css = readFileSync(join(__dirname, '../../../../../packages/ui-tokens/tokens.css'), 'utf8');
const own = readFileSync(join(__dirname, 'tokens.css'), 'utf8');

/** The declarations of the first rule whose selector is exactly `selector`, one per line. */
function declarations(selector: string): string[] {
  const start = css.indexOf(`${selector} {`);
  if (start === -1) throw new Error(`no rule ${selector} in tokens.css`);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

// The page comes without a theme class when nothing is saved (decision 057): the system's
// light preference must then give exactly the light theme a player can choose.
describe('design tokens', () => {
  it('gives a page without a saved theme on a light system the light tokens', () => {
    const light = declarations(':root.light');
    expect(light).toContain('color-scheme: light;');
    expect(declarations(':root:not(.dark)')).toEqual(light);
  });

  it('keeps dark the theme of a page without a class otherwise', () => {
    expect(css).toMatch(/:root,\s*:root\.dark \{\s*color-scheme: dark;/);
  });

  it('writes each colour once for both themes, light first', () => {
    const palette = declarations(':root').filter((line) => line.startsWith('--'));
    expect(palette.length).toBeGreaterThan(20);
    expect(palette).toContain('--bg: light-dark(#f4f5fa, #0e1020);');
    expect(palette).toContain('--text: light-dark(#14172b, #f2f4ff);');
  });

  it('is what this app imports first', () => {
    expect(own.trimStart().replace(/^\/\*[\s\S]*?\*\/\s*/, '')).toMatch(
      /^@import '@casino\/ui-tokens\/tokens\.css';/,
    );
  });
});

/** Every stylesheet of this app's source, by its path under src. */
function stylesheets(): { path: string; text: string }[] {
  const src = join(__dirname, '../..');
  return (readdirSync(src, { recursive: true }) as string[])
    .filter((path) => path.endsWith('.css'))
    .map((path) => ({
      path: relative(src, join(src, path)),
      text: readFileSync(join(src, path), 'utf8'),
    }));
}

// A `ch` is the width of the font's zero, and Inter's is wider than its fallback's: a column
// sized in ch widened when the font swapped in and moved the page below it (0.015 of layout
// shift on /loyalty at 1440 × 900). Widths are in em, which the swap leaves alone.
describe('widths that the font swap leaves alone', () => {
  it('sizes nothing in ch', () => {
    const sheets = stylesheets();
    expect(sheets.length).toBeGreaterThan(20);
    const inCh = sheets.flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: `${path}:${i + 1}` }))
        .filter(({ line }) => /(^|[^\w.-])\d+(\.\d+)?ch\b/.test(line) && !line.startsWith('*'))
        .map(({ line, at }) => `${at} ${line}`),
    );
    expect(inCh).toEqual([]);
  });
});
