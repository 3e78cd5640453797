import { describe, expect, it } from 'vitest';
import { generatedTilePath, renderGeneratedTile } from './generated-tile';

describe('generated tiles', () => {
  it('are served under the games API, the game id encoded', () => {
    expect(generatedTilePath('pragmatic', 'vs20/olymp gate')).toBe(
      '/api/games/tile/pragmatic/vs20%2Folymp%20gate.svg',
    );
  });

  it('show the name as text only: markup in a name is escaped', () => {
    const svg = renderGeneratedTile('gbgames', 'x', '<script>alert(1)</script> & "Gold"');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(svg).toContain('&#38;');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"')).toBe(
      true,
    );
  });

  it('give the same game the same colours, and another game others', () => {
    const a = renderGeneratedTile('endorphina', 'game-a', 'Same Name');
    expect(renderGeneratedTile('endorphina', 'game-a', 'Same Name')).toBe(a);
    expect(renderGeneratedTile('endorphina', 'game-b', 'Same Name')).not.toBe(a);
  });

  it('keep a long name to four lines', () => {
    const svg = renderGeneratedTile('pragmatic', 'long', 'word '.repeat(40));
    expect(svg.match(/font-weight="700"/g)).toHaveLength(4);
    expect(svg).toContain('…');
  });
});
