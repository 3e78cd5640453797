import { describe, expect, it } from 'vitest';
import { mapCatalogEntry, type CatalogTable } from './catalog-mapper';

/** A table that reads plain fields, as a provider's catalog.ts declares one. */
const table: CatalogTable<{ artworkHost: string | undefined }> = {
  id: ['id', 'gameId'],
  name: ['name', 'description'],
  image: ['image'],
  artwork: ({ id }, context) =>
    context.artworkHost === undefined ? undefined : `${context.artworkHost}/${id}.png`,
  category: ['category'],
  tags: ['features'],
  isNew: ['isNew'],
  isTop: ['isPopular'],
  popularity: ['popularity'],
  demoLink: ['demoUrl'],
  demoOffered: (raw, link) => raw['demo'] !== false && link !== null,
  releasedAt: ['released'],
};
const noHost = { artworkHost: undefined };

describe('mapCatalogEntry', () => {
  it('maps every field of a full entry', () => {
    expect(
      mapCatalogEntry(
        table,
        {
          id: 'g-1',
          name: '  Book of Sun  ',
          image: 'https://img.example/g-1.png',
          category: 'Table',
          features: ['Megaways', 7, 'BUY'],
          isNew: 'true',
          isPopular: false,
          popularity: 90,
          demoUrl: 'https://demo.example/g-1',
          released: '2024-03-05T10:00:00Z',
        },
        noHost,
      ),
    ).toEqual({
      providerGameId: 'g-1',
      name: 'Book of Sun',
      image: 'https://img.example/g-1.png',
      category: 'table',
      tags: ['megaways', 'buy'],
      isNew: true,
      isTop: false,
      popularity: 90,
      demo: true,
      real: true,
      demoUrl: 'https://demo.example/g-1',
      releasedAt: '2024-03-05',
    });
  });

  it('skips an entry without an id, and anything that is not an object', () => {
    expect(mapCatalogEntry(table, { name: 'No id' }, noHost)).toBeUndefined();
    expect(mapCatalogEntry(table, { id: '   ', name: 'Blank id' }, noHost)).toBeUndefined();
    expect(mapCatalogEntry(table, ['g-1'], noHost)).toBeUndefined();
    expect(mapCatalogEntry(table, null, noHost)).toBeUndefined();
  });

  it('takes the next id field when the first is missing', () => {
    expect(mapCatalogEntry(table, { gameId: 'g-2', name: 'Two' }, noHost)?.providerGameId).toBe(
      'g-2',
    );
  });

  it('names a game by its description when the name is missing (SPEC §3)', () => {
    expect(
      mapCatalogEntry(table, { id: 'g-1', name: '', description: 'Sun Book' }, noHost)?.name,
    ).toBe('Sun Book');
  });

  it('skips a nameless entry, unless the table builds a name from the id', () => {
    expect(mapCatalogEntry(table, { id: 'g-1' }, noHost)).toBeUndefined();
    const named = { ...table, nameFromId: (id: string) => `Game ${id}` };
    expect(mapCatalogEntry(named, { id: 'g-1' }, noHost)?.name).toBe('Game g-1');
  });

  it('refuses javascript: and other non-http links for artwork and demo', () => {
    const entry = mapCatalogEntry(
      table,
      {
        id: 'g-1',
        name: 'One',
        image: 'javascript:alert(1)',
        demoUrl: 'javascript:alert(2)',
      },
      noHost,
    );
    expect(entry).toMatchObject({ image: '', demo: false, demoUrl: null });
    const data = mapCatalogEntry(
      table,
      { id: 'g-1', name: 'One', image: 'data:image/png;base64,AAAA' },
      noHost,
    );
    expect(data?.image).toBe('');
  });

  it('builds the artwork from the context when the entry has none', () => {
    expect(
      mapCatalogEntry(table, { id: 'g-1', name: 'One' }, { artworkHost: 'https://cdn.example' })
        ?.image,
    ).toBe('https://cdn.example/g-1.png');
  });

  it('clamps popularity to 0–100, whole, and counts 70 and up as top without a flag', () => {
    const popularity = (value: unknown) =>
      mapCatalogEntry(table, { id: 'g', name: 'G', popularity: value }, noHost);
    expect(popularity(150)).toMatchObject({ popularity: 100, isTop: true });
    expect(popularity(-5)).toMatchObject({ popularity: 0, isTop: false });
    expect(popularity('69.6')).toMatchObject({ popularity: 70, isTop: true });
    expect(popularity('lots')).toMatchObject({ popularity: 0, isTop: false });
  });

  it('falls back to slots for an unknown category, and applies a category rule', () => {
    expect(
      mapCatalogEntry(table, { id: 'g', name: 'G', category: 'bingo' }, noHost)?.category,
    ).toBe('slots');
    const ruled = { ...table, category: () => 'live' as const };
    expect(mapCatalogEntry(ruled, { id: 'g', name: 'G' }, noHost)?.category).toBe('live');
  });

  it('has a demo only with a link the table offers', () => {
    const entry = { id: 'g', name: 'G', demoUrl: 'https://demo.example/g' };
    expect(mapCatalogEntry(table, entry, noHost)?.demo).toBe(true);
    expect(mapCatalogEntry(table, { ...entry, demo: false }, noHost)?.demo).toBe(false);
    expect(mapCatalogEntry(table, { id: 'g', name: 'G' }, noHost)).toMatchObject({
      demo: false,
      demoUrl: null,
    });
  });
});
