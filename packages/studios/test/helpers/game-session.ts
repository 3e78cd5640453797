import { catalogOf } from '../../src/catalog/studio-catalogs';
import type { GameType } from '../../src/catalog/types';
import { FairLedger } from '../../src/fair/ledger';
import { demoWallet } from '../../src/game/demo-wallet';
import type { RoundDeps } from '../../src/game/round-money';
import type { PlaySession, SessionWallet } from '../../src/game/session';
import { Reconciler } from '../../src/shared/reconciler';
import { seededRng } from '../../src/shared/rng';

/** Round dependencies with a seeded server-seed source and a quiet reconciler. */
export function testDeps(seed = 7): RoundDeps & { reconciler: Reconciler } {
  return {
    fair: new FairLedger(seededRng(seed)),
    reconciler: new Reconciler({ intervalMs: 60_000, maxDelayMs: 60_000, maxAgeMs: 60_000 }),
    log: () => undefined,
  };
}

/** A session on a catalog game of `type`, with a demo purse unless a wallet is given. */
export function sessionFor(type: GameType, wallet?: SessionWallet, balance = 1e12): PlaySession {
  const game = catalogOf('gbgames').list.find((g) => g.gameType === type)!;
  return {
    id: `s-${type}-${Math.random().toString(36).slice(2)}`,
    studio: 'gbgames',
    game,
    mode: wallet ? 'real' : 'demo',
    currency: 'USD',
    language: 'en',
    exitUrl: undefined,
    balance,
    wallet: wallet ?? demoWallet(balance),
    busy: false,
    player: wallet ? 'p-1' : undefined,
  };
}
