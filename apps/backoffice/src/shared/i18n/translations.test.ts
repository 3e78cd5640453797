import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ru } from './ru';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the back office’s texts', () => {
  const english = new Map(leaves(en));
  const russian = new Map(leaves(ru));

  it('exist in Russian for every English key, and no more', () => {
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of english) {
      expect({ key, names: placeholders(russian.get(key) ?? '') }).toEqual({
        key,
        names: placeholders(text),
      });
    }
  });

  it('are translated: a Russian text with letters has Cyrillic in it', () => {
    const untranslated = [...russian].filter(
      ([key, text]) =>
        /[A-Za-z]{4,}/.test(text.replace(/\{\{\w+\}\}/g, '')) &&
        !/[А-Яа-яЁё]/.test(text) &&
        !['common.appName'].includes(key) &&
        english.get(key) === text,
    );
    expect(untranslated).toEqual([]);
  });
});
