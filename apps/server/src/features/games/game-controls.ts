import { ErrorCode, providerSlugs, type ProviderSlug } from '@casino/contracts';
import type { StaffGame } from '@casino/contracts/operator';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { withStep, type InTransaction } from '../../db/in-transaction';
import { gameProviderControls, games } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** What a staff switch changed: the audit row's before and after (decision 086). */
export interface SwitchChange {
  target: string;
  before: { disabled: boolean };
  after: { disabled: boolean };
}

export interface GameControls {
  providers(): Promise<{ provider: ProviderSlug; disabled: boolean; games: number }[]>;
  games(query: {
    q?: string | undefined;
    provider?: ProviderSlug | undefined;
    page: number;
    limit: number;
  }): Promise<{ data: StaffGame[]; page: number; has_more: boolean }>;
  switchGame(
    gameId: string,
    disabled: boolean,
    audit?: InTransaction<SwitchChange>,
  ): Promise<StaffGame>;
  switchProvider(
    provider: ProviderSlug,
    disabled: boolean,
    audit?: InTransaction<SwitchChange>,
  ): Promise<{ provider: ProviderSlug; disabled: boolean; games: number }>;
}

const providerOff = sql<boolean>`coalesce((select ${gameProviderControls.disabled} from ${gameProviderControls} where ${gameProviderControls.provider} = ${games.provider}), false)`;

/** A game as the back office sees it; lobby-controls.ts reads the same columns. */
export const staffGameColumns = {
  id: games.id,
  provider: games.provider,
  provider_game_id: games.providerGameId,
  name: games.name,
  category: games.category,
  listed: games.enabled,
  disabled: games.staffDisabled,
  provider_disabled: providerOff,
  mark: games.staffMark,
  countries: games.blockedCountries,
};
const columns = staffGameColumns;

/**
 * The staff switches of the lobby: a game or a provider switched off or on, in one
 * transaction with the caller's audit step, only when it changes. Every instance forgets its
 * cached lists through the tables' NOTIFY (migration 0024); `changed` clears this one's now.
 */
export function createGameControls(db: Database, changed: () => void): GameControls {
  const game = async (tx: Database, id: string) =>
    (await tx.select(columns).from(games).where(eq(games.id, id)).limit(1))[0] as
      StaffGame | undefined;
  const providerRow = async (tx: Database, provider: ProviderSlug) => {
    const [control] = await tx
      .select({ disabled: gameProviderControls.disabled })
      .from(gameProviderControls)
      .where(eq(gameProviderControls.provider, provider));
    const [total] = await tx.select({ n: count() }).from(games).where(eq(games.provider, provider));
    return { provider, disabled: control?.disabled ?? false, games: Number(total?.n ?? 0) };
  };

  return {
    async providers() {
      return Promise.all(providerSlugs.map((provider) => providerRow(db, provider)));
    },

    async games({ q, provider, page, limit }) {
      const conditions: SQL[] = [];
      if (provider) conditions.push(eq(games.provider, provider));
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(ilike(games.name, pattern), ilike(games.providerGameId, pattern)) as SQL,
        );
      }
      const rows = (await db
        .select(columns)
        .from(games)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(games.provider), asc(games.name), asc(games.id))
        .limit(limit + 1)
        .offset((page - 1) * limit)) as StaffGame[];
      return { data: rows.slice(0, limit), page, has_more: rows.length > limit };
    },

    async switchGame(gameId, disabled, audit) {
      const result = await withStep(db, audit, async (tx) => {
        const before = await game(tx, gameId);
        if (!before) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such game.');
        if (before.disabled === disabled) return { result: before };
        await tx.update(games).set({ staffDisabled: disabled }).where(eq(games.id, gameId));
        const after = { ...before, disabled };
        return {
          result: after,
          changed: { target: gameId, before: { disabled: !disabled }, after: { disabled } },
        };
      });
      changed();
      return result;
    },

    async switchProvider(provider, disabled, audit) {
      const result = await withStep(db, audit, async (tx) => {
        const before = await providerRow(tx, provider);
        if (before.disabled === disabled) return { result: before };
        await tx
          .insert(gameProviderControls)
          .values({ provider, disabled })
          .onConflictDoUpdate({
            target: gameProviderControls.provider,
            set: { disabled, updatedAt: sql`now()` },
          });
        return {
          result: { ...before, disabled },
          changed: { target: provider, before: { disabled: !disabled }, after: { disabled } },
        };
      });
      changed();
      return result;
    },
  };
}
