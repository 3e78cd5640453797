import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { fakeGame } from '../../../test/games-api';
import { renderWithProviders } from '../../../test/render';
import { gamesEn } from '../../../shared/i18n/games/en';
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
    .queryAllByText(/^(new|top|live|hot|новинка|топ|live|хит)$/i)
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

describe("game tile badges (issue 30: staff's Hot and New marks)", () => {
  // The English texts too (the lazy loader fetches only the active language).
  beforeAll(() => i18n.addResourceBundle('en', 'translation', gamesEn, true, false));
  const badgeIn = async (language: 'en' | 'ru', game: ReturnType<typeof fakeGame>) => {
    await i18n.changeLanguage(language);
    return badgesOf(game);
  };
  afterEach(async () => {
    await i18n.changeLanguage('ru');
  });

  it('wears Hot for a game staff marked hot, over Live and Top, in both languages', async () => {
    // The server sends isHot alone for a hot game; Live and Top give way to it all the same.
    const hot = fakeGame(11, { isHot: true, isTop: false, isNew: false, category: 'live' });
    expect(await badgeIn('en', hot)).toEqual(['Hot']);
    expect(await badgeIn('ru', hot)).toEqual(['Хит']);
    expect(await badgeIn('en', fakeGame(12, { isHot: true, isTop: true }))).toEqual(['Hot']);
  });

  it('wears New for a game staff marked new (the server sends it as isNew)', async () => {
    const marked = fakeGame(13, { isHot: false, isTop: false, isNew: true });
    expect(await badgeIn('en', marked)).toEqual(['New']);
    expect(await badgeIn('ru', marked)).toEqual(['Новинка']);
  });
});

describe('game tile title (issue 25: never a title in the other language)', () => {
  const firebird = fakeGame(9, { name: 'Firebird', names: { en: 'Firebird', ru: 'Жар-птица' } });
  const titleIn = async (language: 'en' | 'ru', game = firebird) => {
    await i18n.changeLanguage(language);
    const { unmount } = renderWithProviders(
      <ul>
        <GameTile game={game} onPlay={() => undefined} />
      </ul>,
    );
    const title = screen.getByTestId('game-name').textContent;
    unmount();
    return title;
  };
  afterEach(async () => {
    await i18n.changeLanguage('ru');
  });

  it('shows the edition in the page’s language', async () => {
    expect(await titleIn('en')).toBe('Firebird');
    expect(await titleIn('ru')).toBe('Жар-птица');
  });

  it('shows the studio’s own title where it has no edition in that language', async () => {
    const chili = fakeGame(10, { name: 'Señor Chili' });
    expect(await titleIn('en', chili)).toBe('Señor Chili');
    expect(await titleIn('ru', chili)).toBe('Señor Chili');
  });
});
