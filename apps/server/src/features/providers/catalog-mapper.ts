import type { GameCategory } from '@casino/contracts';
import {
  categoryOf,
  flag,
  httpLink,
  isoDate,
  isRecord,
  popularityOf,
  text,
  topPopularity,
} from './catalog-fields';
import type { CatalogEntry } from './provider-adapter';

/**
 * One mapper for every provider's catalog: a provider's `catalog.ts` declares which of its raw
 * fields give each of ours (the first field present wins, read with catalog-fields.ts' lenient
 * readers), and functions where a field follows the provider's own rule. One odd entry is
 * skipped (undefined), never the whole catalog.
 */

export type RawEntry = Readonly<Record<string, unknown>>;

export interface CatalogTable<Context = undefined> {
  /** The provider's game id. No id: the entry is skipped. */
  id: readonly string[];
  /** The name, then the description when the name is missing (SPEC §3). */
  name: readonly string[];
  /** A name built from the id when no name field is present; without it the entry is skipped. */
  nameFromId?: (id: string) => string;
  /** An object of the title's editions by language ({en, ru}); default `names`. */
  names?: readonly string[];
  /** Artwork links in the entry (http(s) only). */
  image: readonly string[];
  /**
   * The artwork when the entry has none (built from configuration). Neither: '' and the
   * catalog view serves a generated tile.
   */
  artwork?: (game: { id: string; name: string }, context: Context) => string | undefined;
  /** Our category, read from these fields or by the provider's rule; else `slots`. */
  category: readonly string[] | ((raw: RawEntry) => GameCategory | undefined);
  /** Lists of strings, lower-cased, as tags. */
  tags: readonly string[];
  isNew: readonly string[];
  /** The provider's own top flag; without one, top from `topPopularity` on. */
  isTop: readonly string[];
  /** 0–100, clamped and rounded. */
  popularity: readonly string[];
  /** Links to a public demo (http(s) only), or the provider's rule for building one. */
  demoLink:
    readonly string[] | ((raw: RawEntry, id: string, context: Context) => string | undefined);
  /** Whether the game has a demo, given its link; it never has one without a link. */
  demoOffered: (raw: RawEntry, link: string | null) => boolean;
  releasedAt: readonly string[];
}

/** The first field that is present (not undefined) in the entry. */
function first(raw: RawEntry, fields: readonly string[]): unknown {
  const field = fields.find((name) => raw[name] !== undefined);
  return field === undefined ? undefined : raw[field];
}

/** The first field that reads as a value, through `read`. */
function firstRead<T>(
  raw: RawEntry,
  fields: readonly string[],
  read: (value: unknown) => T | undefined,
): T | undefined {
  for (const field of fields) {
    const value = read(raw[field]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The title's editions in our languages; other languages and empty ones are left out. */
function namesOf(raw: RawEntry, fields: readonly string[]): CatalogEntry['names'] {
  const value = first(raw, fields);
  if (!isRecord(value)) return undefined;
  const en = text(value['en']);
  const ru = text(value['ru']);
  if (en === undefined && ru === undefined) return undefined;
  return { ...(en === undefined ? {} : { en }), ...(ru === undefined ? {} : { ru }) };
}

function tagsOf(raw: RawEntry, fields: readonly string[]): string[] {
  const list = first(raw, fields);
  return Array.isArray(list)
    ? list.filter((tag): tag is string => typeof tag === 'string').map((tag) => tag.toLowerCase())
    : [];
}

/** One raw catalog entry as ours, by the provider's table; undefined for an unusable entry. */
export function mapCatalogEntry<Context>(
  table: CatalogTable<Context>,
  raw: unknown,
  context: Context,
): CatalogEntry | undefined {
  if (!isRecord(raw)) return undefined;
  const id = firstRead(raw, table.id, text);
  if (!id) return undefined;
  const name = firstRead(raw, table.name, text) ?? table.nameFromId?.(id);
  if (!name) return undefined;
  const popularity = popularityOf(first(raw, table.popularity));
  const link =
    (typeof table.demoLink === 'function'
      ? table.demoLink(raw, id, context)
      : firstRead(raw, table.demoLink, httpLink)) ?? null;
  const category =
    typeof table.category === 'function'
      ? table.category(raw)
      : firstRead(raw, table.category, categoryOf);
  const names = namesOf(raw, table.names ?? ['names']);
  return {
    providerGameId: id,
    name,
    ...(names ? { names } : {}),
    image: firstRead(raw, table.image, httpLink) ?? table.artwork?.({ id, name }, context) ?? '',
    category: category ?? 'slots',
    tags: tagsOf(raw, table.tags),
    isNew: flag(first(raw, table.isNew)),
    isTop: flag(first(raw, table.isTop), popularity >= topPopularity),
    popularity,
    demo: table.demoOffered(raw, link) && link !== null,
    real: true,
    demoUrl: link,
    releasedAt: isoDate(first(raw, table.releasedAt)),
  };
}
