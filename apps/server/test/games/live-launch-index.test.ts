import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { sqlOfText } from '../../src/db/named-statement';
import { liveLaunchCondition } from '../../src/features/game-sessions/launch-repository';
import { fixedClock } from '../../src/lib/clock';
import { catalogEntry, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { createWalletUser } from '../helpers/wallets';
import { createTestDb } from '../helpers/test-database';

// A bet's live-launch condition (decision 108) is part of every Pragmatic bet's statement. A
// player who opens many games keeps their expired launch tokens for a week; the condition must
// find the live one through the index without reading those.

let db: DatabaseConnection;
let destroy: () => Promise<void>;
const clock = fixedClock(new Date('2026-11-28T12:00:00Z'));

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
});
afterAll(async () => {
  await destroy();
});

const condition = (userId: string) =>
  liveLaunchCondition({
    userId,
    provider: 'pragmatic',
    providerGameId: 'vs-index',
    now: clock.now(),
  });

async function isLive(userId: string): Promise<boolean> {
  const { text, values } = condition(userId);
  const { rows } = await db.execute<{ live: boolean }>(
    sql`select (${sqlOfText(text, values)}) as live`,
  );
  return rows[0]!.live;
}

/**
 * How the plan reads launch_tokens, as EXPLAIN (FORMAT JSON) gives it: each node on the table,
 * with the index and bounds of its own scan or, for a bitmap scan, of the index scan under it.
 */
type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
function readsOf(node: PlanNode, relation: string): { index: unknown; bounds: string }[] {
  const own =
    node['Relation Name'] !== relation
      ? []
      : [
          node['Node Type'] === 'Bitmap Heap Scan'
            ? {
                index: node.Plans?.[0]?.['Index Name'],
                bounds: String(node.Plans?.[0]?.['Index Cond']),
              }
            : { index: node['Index Name'], bounds: String(node['Index Cond']) },
        ];
  return [...own, ...(node.Plans ?? []).flatMap((child) => readsOf(child, relation))];
}

describe('the live-launch condition of a bet', () => {
  it('holds with one live launch among many expired ones, and not without it', async () => {
    const gameIds = await seedGames(db, 'pragmatic', [
      catalogEntry({ providerGameId: 'vs-index', name: 'Index Slot' }),
    ]);
    const gameId = gameIds.get('vs-index')!;
    const userId = await createWalletUser(db);
    for (let hour = 1; hour <= 30; hour++) {
      await recordTestLaunch(db, clock, {
        provider: 'pragmatic',
        gameId,
        userId,
        ttlSeconds: -hour * 3600,
      });
    }
    expect(await isLive(userId)).toBe(false);
    await recordTestLaunch(db, clock, { provider: 'pragmatic', gameId, userId });
    expect(await isLive(userId)).toBe(true);
  });

  it('reads the player’s tokens of the provider through an index bounded by their end', async () => {
    const { text, values } = condition('00000000-0000-4000-8000-000000000001');
    const plan = await db.transaction(async (tx) => {
      // Tables this small are read whole by choice; forbid that to see which index serves.
      await tx.execute(sql`set local enable_seqscan = off`);
      type Explained = [{ Plan: PlanNode }];
      const { rows } = await tx.execute<{ 'QUERY PLAN': Explained | string }>(
        sql`explain (format json) select (${sqlOfText(text, values)}) as live`,
      );
      const json = rows[0]!['QUERY PLAN'];
      // One driver hands the JSON over parsed, the other as text.
      return (typeof json === 'string' ? (JSON.parse(json) as Explained) : json)[0].Plan;
    });
    const reads = readsOf(plan, 'launch_tokens');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.index).toBe('launch_tokens_user_live_idx');
    expect(reads[0]!.bounds).toContain('user_id');
    expect(reads[0]!.bounds).toContain('provider');
    expect(reads[0]!.bounds).toContain('expires_at');
  });
});
