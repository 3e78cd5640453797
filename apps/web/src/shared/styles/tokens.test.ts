import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');

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
    expect(light.length).toBeGreaterThan(20);
    expect(declarations(':root:not(.dark)')).toEqual(light);
  });

  it('keeps dark the theme of a page without a class otherwise', () => {
    expect(css).toMatch(/:root,\s*:root\.dark \{\s*color-scheme: dark;/);
  });
});
