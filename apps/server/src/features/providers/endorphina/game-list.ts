import {
  categoryOf,
  flag,
  httpLink,
  isoDate,
  isRecord,
  popularityOf,
  text,
  topPopularity,
} from '../catalog-fields';
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

/** One list entry as our catalog entry; undefined for an entry without an id. */
export function mapEndorphinaGame(
  raw: unknown,
  options: EndorphinaListOptions = { imageUrl: undefined, demoLink: () => undefined },
): CatalogEntry | undefined {
  if (!isRecord(raw)) return undefined;
  const id = text(raw['id']) ?? text(raw['Id']) ?? text(raw['game_id']) ?? text(raw['gameid']);
  if (!id) return undefined;
  const name = text(raw['name']) ?? text(raw['description']) ?? nameFromId(id);
  const popularity = popularityOf(raw['popularity']);
  const offered = raw['demo'] === undefined || flag(raw['demo']);
  const demoUrl = offered ? (httpLink(raw['demoUrl']) ?? options.demoLink(id) ?? null) : null;
  return {
    providerGameId: id,
    name,
    // No artwork anywhere: '' and the catalog view serves a generated tile (never empty).
    image: httpLink(raw['image']) ?? templated(options.imageUrl, id) ?? '',
    category: categoryOf(raw['category']) ?? 'slots',
    tags: [],
    isNew: flag(raw['isNew']),
    isTop: flag(raw['isPopular'], popularity >= topPopularity),
    popularity,
    demo: offered && demoUrl !== null,
    real: true,
    demoUrl,
    releasedAt: isoDate(raw['released']),
  };
}
