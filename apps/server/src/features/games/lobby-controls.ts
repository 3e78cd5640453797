import {
  ErrorCode,
  homeSections,
  pinSections,
  type GameMark,
  type HomeSection,
  type PinSection,
} from '@casino/contracts';
import type { StaffGame, StaffLobby } from '@casino/contracts/operator';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { withStep, type InTransaction } from '../../db/in-transaction';
import { games, lobbyPins, lobbySections } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { staffGameColumns } from './game-controls';

/** What a lobby change changed: the audit row's target and before/after (decision 089). */
export interface LobbyChange {
  target: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface LobbyControls {
  lobby(): Promise<StaffLobby>;
  setSections(sections: HomeSection[], audit?: InTransaction<LobbyChange>): Promise<StaffLobby>;
  setPins(
    section: PinSection,
    gameIds: string[],
    audit?: InTransaction<LobbyChange>,
  ): Promise<{ section: PinSection; games: StaffGame[] }>;
  setGame(
    gameId: string,
    settings: { mark: GameMark | null; countries: string[] },
    audit?: InTransaction<LobbyChange>,
  ): Promise<StaffGame>;
}

const noSuchGame = () => new AppError(404, ErrorCode.NOT_FOUND, 'No such game.');

/** Staff's order, then any section staff never placed in its default place (as the lobby). */
function orderOf(stored: string[]): HomeSection[] {
  const known = stored.filter((s): s is HomeSection => homeSections.includes(s as HomeSection));
  return [...known, ...homeSections.filter((s) => !known.includes(s))];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The lobby's settings staff change (decision 089): a game's mark and blocked countries, the
 * games pinned to a section, the home sections' order. Each change runs in one transaction
 * with the caller's audit step, only when it changes something. The tables NOTIFY
 * catalog_changed (migration 0025), so every instance forgets its cached lists and settings;
 * `changed` clears this one's at once.
 */
export function createLobbyControls(db: Database, changed: () => void): LobbyControls {
  const sectionsOf = async (tx: Database) =>
    orderOf(
      (
        await tx
          .select({ section: lobbySections.section })
          .from(lobbySections)
          .orderBy(asc(lobbySections.position))
      ).map((row) => row.section),
    );

  const pinnedOf = async (tx: Database, section: PinSection) =>
    (await tx
      .select(staffGameColumns)
      .from(lobbyPins)
      .innerJoin(games, eq(games.id, lobbyPins.gameId))
      .where(eq(lobbyPins.section, section))
      .orderBy(asc(lobbyPins.position))) as StaffGame[];

  /** In a transaction (one connection, one query at a time), the sections' pins in turn. */
  const lobbyOf = async (tx: Database): Promise<StaffLobby> => {
    const sections = await sectionsOf(tx);
    const pins: StaffLobby['pins'] = [];
    for (const section of pinSections) pins.push({ section, games: await pinnedOf(tx, section) });
    return { sections, pins };
  };

  return {
    lobby: () => lobbyOf(db),

    async setSections(sections, audit) {
      const result = await withStep(db, audit, async (tx) => {
        const before = await sectionsOf(tx);
        if (sameList(before, sections)) return { result: await lobbyOf(tx) };
        await tx.delete(lobbySections);
        await tx
          .insert(lobbySections)
          .values(sections.map((section, position) => ({ section, position })));
        return {
          result: await lobbyOf(tx),
          changed: { target: 'home', before: { sections: before }, after: { sections } },
        };
      });
      changed();
      return result;
    },

    async setPins(section, gameIds, audit) {
      const result = await withStep(db, audit, async (tx) => {
        const before = (await pinnedOf(tx, section)).map((game) => game.id);
        if (gameIds.length > 0) {
          const found = await tx
            .select({ id: games.id })
            .from(games)
            .where(inArray(games.id, gameIds));
          if (found.length !== gameIds.length) throw noSuchGame();
        }
        if (sameList(before, gameIds))
          return { result: { section, games: await pinnedOf(tx, section) } };
        await tx.delete(lobbyPins).where(eq(lobbyPins.section, section));
        if (gameIds.length > 0) {
          await tx
            .insert(lobbyPins)
            .values(gameIds.map((gameId, position) => ({ section, gameId, position })));
        }
        return {
          result: { section, games: await pinnedOf(tx, section) },
          changed: { target: section, before: { game_ids: before }, after: { game_ids: gameIds } },
        };
      });
      changed();
      return result;
    },

    async setGame(gameId, { mark, countries }, audit) {
      // Sorted: the same set in another order is no change, and the audit row reads well.
      const wanted = [...new Set(countries)].sort();
      const result = await withStep(db, audit, async (tx) => {
        const read = async () =>
          (
            await tx.select(staffGameColumns).from(games).where(eq(games.id, gameId)).limit(1)
          )[0] as StaffGame | undefined;
        const before = await read();
        if (!before) throw noSuchGame();
        if (before.mark === mark && sameList(before.countries, wanted)) return { result: before };
        await tx
          .update(games)
          .set({ staffMark: mark, blockedCountries: wanted })
          .where(eq(games.id, gameId));
        const after = (await read()) ?? before;
        return {
          result: after,
          changed: {
            target: gameId,
            before: { mark: before.mark, countries: before.countries },
            after: { mark, countries: wanted },
          },
        };
      });
      changed();
      return result;
    },
  };
}
