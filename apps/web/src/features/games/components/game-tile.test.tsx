import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { fakeGame } from '../../../test/games-api';
import { renderWithProviders } from '../../../test/render';
import { GameTile } from './game-tile';

beforeAll(() => loadGamesMessages());

const top = /^(top|топ)$/i;

function badgesOf(game: ReturnType<typeof fakeGame>): string[] {
  const { unmount } = renderWithProviders(
    <ul>
      <GameTile game={game} onPlay={() => undefined} />
    </ul>,
  );
  const tile = screen.getByTestId('game-tile');
  const texts = within(tile)
    .queryAllByText(/^(new|top|live|новинка|топ|live)$/i)
    .map((node) => node.textContent ?? '');
  unmount();
  return texts;
}

describe('game tile badges (issue 16: at most one, and it means something)', () => {
  it('wears Top for a top-list game, even when it is also among the newest', () => {
    expect(badgesOf(fakeGame(1, { isTop: true, isNew: true }))).toEqual([
      expect.stringMatching(top),
    ]);
    expect(badgesOf(fakeGame(2, { isTop: true, isNew: false }))).toEqual([
      expect.stringMatching(top),
    ]);
  });

  it('wears New for one of the newest, Live for a live table, and nothing otherwise', () => {
    expect(badgesOf(fakeGame(3, { isTop: false, isNew: true }))).toEqual([
      expect.stringMatching(/^(new|новинка)$/i),
    ]);
    expect(badgesOf(fakeGame(4, { category: 'live', isTop: true, isNew: true }))).toEqual([
      expect.stringMatching(/^live$/i),
    ]);
    expect(badgesOf(fakeGame(5, { isTop: false, isNew: false }))).toEqual([]);
  });
});
