import { flag, httpLink, isRecord } from '../catalog-fields';
import { mapCatalogEntry, type CatalogTable, type RawEntry } from '../catalog-mapper';
import type { CatalogEntry } from '../provider-adapter';

/**
 * Endorphina's game list as the provider hands it to an operator: a JSON list (a file the
 * operator received, or a feed), each entry at least the game's id (`endorphina_<Name>@…`,
 * the `game` of every callback) and, in public integrations, a `description`, its `bets`
 * and `bonuses`. Richer entries (our simulated studio's feed: name, image, category,
 * popularity, release date, demo link) are read when present. No public source documents an
 * artwork or demo field, so those are built from configuration or generated.
 */

export interface EndorphinaListOptions {
  /** Artwork URL with `{id}` (the game id, URL-encoded) or `{name}` (its bare name). */
  imageUrl: string | undefined;
  /** The demo host's link endpoint for a game, or undefined when no demo is offered. */
  demoLink: (gameId: string) => string | undefined;
}

/** The entries of a list: a bare array, or `{games: [...]}` as our studio's feed answers. */
export function listEntries(body: unknown): unknown[] | undefined {
  const list: unknown = isRecord(body) ? body['games'] : body;
  return Array.isArray(list) ? (list as unknown[]) : undefined;
}

/** `endorphina_ZharPtitsa@ENDORPHINA` → `ZharPtitsa`. */
export function bareName(gameId: string): string {
  return gameId.replace(/^endorphina_/i, '').replace(/@.*$/, '');
}

/** A display name from the id alone: `ZharPtitsa` → `Zhar Ptitsa`. */
export function nameFromId(gameId: string): string {
  const spaced = bareName(gameId)
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim();
  return spaced || gameId;
}

function templated(template: string | undefined, gameId: string): string | undefined {
  if (!template) return undefined;
  return httpLink(
    template
      .replaceAll('{id}', encodeURIComponent(gameId))
      .replaceAll('{name}', encodeURIComponent(bareName(gameId))),
  );
}

/**
 * The list's fields as ours: the id under any of the spellings seen, the name (or the
 * description, or one built from the id), artwork from the entry or the configured template,
 * a demo unless the entry says there is none (its own link, or the demo host's).
 */
export const endorphinaCatalog: CatalogTable<EndorphinaListOptions> = {
  id: ['id', 'Id', 'game_id', 'gameid'],
  name: ['name', 'description'],
  nameFromId,
  image: ['image'],
  artwork: ({ id }, options) => templated(options.imageUrl, id),
  category: ['category'],
  tags: [],
  isNew: ['isNew'],
  isTop: ['isPopular'],
  popularity: ['popularity'],
  demoLink: (raw, id, options) =>
    demoOffered(raw) ? (httpLink(raw['demoUrl']) ?? options.demoLink(id)) : undefined,
  demoOffered,
  releasedAt: ['released'],
};

/** A demo unless the entry says otherwise. */
function demoOffered(raw: RawEntry): boolean {
  return raw['demo'] === undefined || flag(raw['demo']);
}

/** One list entry as our catalog entry; undefined for an entry without an id. */
export function mapEndorphinaGame(
  raw: unknown,
  options: EndorphinaListOptions = { imageUrl: undefined, demoLink: () => undefined },
): CatalogEntry | undefined {
  return mapCatalogEntry(endorphinaCatalog, raw, options);
}
