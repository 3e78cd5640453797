import { describe, expect, it } from 'vitest';

/**
 * Every text resource of the app, in both languages: a file en.ts beside its ru.ts (the shell's
 * texts here, the lobby's in games/, the accounts' in accounts/, and any a feature adds).
 */
const english = import.meta.glob<Record<string, unknown>>('/src/**/en.ts', { eager: true });
const russian = import.meta.glob<Record<string, unknown>>('/src/**/ru.ts', { eager: true });

/** The one messages object a resource module exports (`en`, `gamesRu`, …). */
function messagesOf(module: Record<string, unknown>): Record<string, unknown> {
  const objects = Object.values(module).filter(
    (value): value is Record<string, unknown> => typeof value === 'object' && value !== null,
  );
  expect(objects).toHaveLength(1);
  return objects[0] as Record<string, unknown>;
}

// Plural forms differ by language (English one/other, Russian one/few/many/other): a key is
// compared without its plural suffix.
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Every leaf key path, "games.home.top", of a messages object. */
function keysOf(messages: Record<string, unknown>, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}${key.replace(pluralSuffix, '')}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const nested of keysOf(value as Record<string, unknown>, `${path}.`)) keys.add(nested);
    } else {
      keys.add(path);
    }
  }
  return keys;
}

const pairs = Object.keys(english).map((path) => ({
  en: path,
  ru: path.replace(/en\.ts$/, 'ru.ts'),
}));

describe('translations', () => {
  it('finds the text resources of both languages in pairs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(russian).sort()).toEqual(pairs.map((pair) => pair.ru).sort());
  });

  it.each(pairs)('$en and its ru.ts hold the same keys', ({ en, ru }) => {
    const enKeys = keysOf(messagesOf(english[en] as Record<string, unknown>));
    const ruKeys = keysOf(messagesOf(russian[ru] as Record<string, unknown>));
    expect({ onlyInEnglish: [...enKeys].filter((key) => !ruKeys.has(key)) }).toEqual({
      onlyInEnglish: [],
    });
    expect({ onlyInRussian: [...ruKeys].filter((key) => !enKeys.has(key)) }).toEqual({
      onlyInRussian: [],
    });
  });

  it('notices a key that only one language has', () => {
    const en = keysOf({ a: { b: 'B', c_one: 'one', c_other: 'many' } });
    const ru = keysOf({ a: { c_one: 'один', c_few: 'два', c_many: 'пять' } });
    expect([...en].filter((key) => !ru.has(key))).toEqual(['a.b']);
    expect([...ru].filter((key) => !en.has(key))).toEqual([]);
  });
});
