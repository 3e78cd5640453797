import { describe, expect, it } from 'vitest';
import { foldSearchText, searchWords } from './search-text';

describe('foldSearchText', () => {
  it.each([
    ['Café', 'cafe'],
    ['CAFÉ', 'cafe'],
    ['Crème Brûlée', 'creme brulee'],
    ['ЗОЛОТО', 'золото'],
    ['Ёлка', 'елка'],
    ['Змей', 'змей'],
    ['ЙОГУРТ', 'йогурт'],
    ["Jack's  Gold!!", 'jack s gold'],
    ['ﬁre', 'fire'],
    ['Ｆｕｌｌ', 'full'],
    ['  ', ''],
  ])('%s → %s', (input, folded) => {
    expect(foldSearchText(input)).toBe(folded);
  });

  it('folds a name and a query the same way, so either spelling finds the other', () => {
    expect(foldSearchText('Жар-птица')).toContain(foldSearchText('жар птица'));
  });
});

describe('searchWords', () => {
  it('splits into distinct folded words, at most five', () => {
    expect(searchWords('  Café  CAFE royale ')).toEqual(['cafe', 'royale']);
    expect(searchWords('a b c d e f g')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(searchWords('%%%')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
});
