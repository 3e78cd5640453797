import type { Game, GamePage, GameType, LaunchResponse } from '@casino/contracts';
import type { ResponseSchema } from '../../../shared/lib/api-client';
import { gameTypes, isProviderSlug } from '../catalog';

/*
 * Hand-written checks of the game answers (the contract's gameSchema and friends, without zod):
 * the home page is part of the first download, and zod would cost more than the whole page. A
 * malformed answer becomes the client's BAD_RESPONSE error; one malformed game in a good list
 * is dropped rather than failing the whole list.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): value is string => typeof value === 'string';
const int = (value: unknown): value is number => Number.isInteger(value);

const isGameType = (value: unknown): value is GameType =>
  (gameTypes as readonly unknown[]).includes(value);

/** The title's editions by language: only string ones are kept. */
function namesOf(value: unknown): Game['names'] {
  if (!isRecord(value)) return undefined;
  const names: NonNullable<Game['names']> = {};
  if (str(value.en)) names.en = value.en;
  if (str(value.ru)) names.ru = value.ru;
  return names.en === undefined && names.ru === undefined ? undefined : names;
}

/** The game, or null when the fields a tile and a launch need are missing. */
export function toGame(value: unknown): Game | null {
  if (!isRecord(value)) return null;
  const { id, gameId, name, image, provider } = value;
  if (!str(id) || !str(gameId) || !str(name) || !str(image) || !isProviderSlug(provider)) {
    return null;
  }
  const names = namesOf(value.names);
  return {
    id,
    gameId,
    name,
    ...(names ? { names } : {}),
    image,
    provider,
    type: isGameType(value.type) ? value.type : '',
    category: str(value.category) ? value.category : '',
    tags: Array.isArray(value.tags) ? value.tags.filter(str) : [],
    isNew: value.isNew === true,
    isTop: value.isTop === true,
    // Only when set: the contract has it optional, and a tile without it wears no Hot badge.
    ...(value.isHot === true ? { isHot: true } : {}),
    popularity: int(value.popularity) ? value.popularity : 0,
    demo: value.demo !== false,
    real: value.real !== false,
    real_url: str(value.real_url) ? value.real_url : null,
    demo_url: str(value.demo_url) ? value.demo_url : null,
  };
}

function toGames(values: unknown[]): Game[] {
  const games: Game[] = [];
  for (const value of values) {
    const game = toGame(value);
    if (game) games.push(game);
  }
  return games;
}

function fail(what: string): never {
  throw new TypeError(`Not a ${what}`);
}

/** GamePage: `{data: Game[], page, limit, total, totalPages}`. */
export const gamePageGuard: ResponseSchema<GamePage> = {
  parse(data) {
    if (!isRecord(data) || !Array.isArray(data.data)) fail('game page');
    const { page, limit, total, totalPages } = data;
    if (!int(page) || !int(limit) || !int(total) || !int(totalPages)) fail('game page');
    return { data: toGames(data.data), page, limit, total, totalPages };
  },
};

/** A plain list of games (Pragmatic: "list in data"). */
export const gameListGuard: ResponseSchema<Game[]> = {
  parse(data) {
    if (!Array.isArray(data)) fail('game list');
    return toGames(data);
  },
};

/** GB Games: an object whose values are the games, in display order. */
export const gameMapGuard: ResponseSchema<Game[]> = {
  parse(data) {
    if (!isRecord(data)) fail('game map');
    return toGames(Object.values(data));
  },
};

export const launchGuard: ResponseSchema<LaunchResponse> = {
  parse(data) {
    if (!isRecord(data) || !str(data.url) || (data.mode !== 'real' && data.mode !== 'demo')) {
      fail('launch answer');
    }
    // The title: an answer kept in the history from before it was sent has none.
    return { url: data.url, mode: data.mode, name: str(data.name) ? data.name : '' };
  },
};
