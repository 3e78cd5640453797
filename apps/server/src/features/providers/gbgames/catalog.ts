import { flag } from '../catalog-fields';
import { mapCatalogEntry, type CatalogTable } from '../catalog-mapper';
import type { CatalogEntry } from '../provider-adapter';

/**
 * One entry of GET {studio}/api/v1/games (docs/protocols/gbgames.md §3) as ours: an id and a
 * name (or description) are required; artwork and demo are the entry's own links; a demo
 * needs its link, and `demo: false` hides it.
 */
export const gbgamesCatalog: CatalogTable = {
  id: ['gameId', 'game_id', 'gameid'],
  name: ['name', 'description'],
  image: ['imageUrl'],
  category: ['category'],
  tags: [],
  isNew: ['isNew'],
  isTop: ['isPopular'],
  popularity: ['popularity'],
  demoLink: ['demoUrl'],
  demoOffered: (raw, link) => flag(raw['demo'], link !== null),
  releasedAt: ['released'],
};

/** Maps one catalog entry to ours; undefined for an entry without an id or a name. */
export function mapGbGame(raw: unknown): CatalogEntry | undefined {
  return mapCatalogEntry(gbgamesCatalog, raw, undefined);
}
