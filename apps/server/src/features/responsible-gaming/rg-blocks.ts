import type { RgBlockRequest } from '@casino/contracts';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import {
  assertNotShortening,
  blockEnd,
  blockInForce,
  permanentUntil,
  type BlockState,
} from './limit-rules';
import type { RgActor, RgLimitsService } from './rg-limits-service';
import type { RgPlayerRow, RgRepository } from './rg-repository';

/** Told after a block committed: the bonus feature cancels a self-excluded player's bonus. */
export interface RgBlockEvent {
  userId: string;
  kind: RgBlockRequest['kind'];
  until: Date | null;
}

export interface RgBlocksDeps {
  repo: RgRepository;
  limits: RgLimitsService;
  logger: Logger;
  /** Ends every sign-in session of the player but `keep` (the one asking, if any). */
  endOtherSessions(userId: string, keep: string | undefined): Promise<void>;
  /** Ends the player's game launches: no studio takes a bet with them any more. */
  endLaunches(userId: string, at: Date): Promise<void>;
}

export const blockState = (player: RgPlayerRow | undefined): BlockState => ({
  blockKind: player?.blockKind ?? null,
  blockedUntil: player?.blockedUntil ?? null,
  liftRequestedAt: player?.liftRequestedAt ?? null,
});

/**
 * Time-outs and self-exclusions: in force at once, never shortened, lifted by nobody before
 * their end (a fixed-term self-exclusion only 24 hours after the player asks, once its term
 * is over). While one holds, every other session and game launch ends.
 */
export function rgBlocks(deps: RgBlocksDeps) {
  const { repo, limits, logger } = deps;
  const listeners = new Set<(event: RgBlockEvent) => Promise<void> | void>();

  async function block(
    userId: string,
    request: RgBlockRequest,
    actor: RgActor,
    keepSessionId: string | undefined,
  ): Promise<RgBlockEvent> {
    const event = await limits.locked(userId, async (tx, player, now) => {
      const state = blockState(player);
      const end = blockEnd(request, now);
      assertNotShortening(state, end, now);
      // A time-out during a self-exclusion would end nothing sooner, but it would change its
      // kind: the self-exclusion stays and the time-out is refused as shortening above only
      // when it ends sooner; otherwise the stricter kind is kept.
      const kind =
        blockInForce(state, now) && state.blockKind === 'self_exclusion'
          ? 'self_exclusion'
          : request.kind;
      await repo.updatePlayer(tx, userId, {
        blockKind: kind,
        blockedUntil: end ?? permanentUntil,
        liftRequestedAt: null,
        updatedAt: now,
      });
      await limits.record(
        tx,
        { userId, actor, now },
        {
          action: `${request.kind}_set`,
          oldValue: state.blockKind
            ? { kind: state.blockKind, until: state.blockedUntil?.toISOString() ?? null }
            : null,
          newValue: { kind, duration: request.duration, until: end?.toISOString() ?? null },
        },
      );
      return { userId, kind, until: end, at: now };
    });
    // After the commit: the block holds whatever happens to these.
    await deps.endOtherSessions(userId, keepSessionId);
    await deps.endLaunches(userId, event.at);
    for (const listener of listeners) {
      try {
        await listener(event);
      } catch (error) {
        logger.error({ err: error, userId }, 'responsible gaming: a block listener failed');
      }
    }
    return { userId, kind: event.kind, until: event.until };
  }

  /** A fixed-term self-exclusion past its term: lifted 24 hours after this request. */
  async function requestLift(userId: string): Promise<void> {
    await limits.locked(userId, async (tx, player, now) => {
      const state = blockState(player);
      const termOver =
        state.blockKind === 'self_exclusion' &&
        state.blockedUntil !== null &&
        state.blockedUntil <= now &&
        state.liftRequestedAt === null;
      if (!termOver) {
        throw new AppError(
          409,
          'RG_NOT_ALLOWED',
          'Only a self-exclusion whose term is over can be lifted, on request, after 24 hours.',
        );
      }
      await repo.updatePlayer(tx, userId, { liftRequestedAt: now, updatedAt: now });
      await limits.record(
        tx,
        { userId, actor: { by: 'player' }, now },
        { action: 'self_exclusion_lift_requested', oldValue: null, newValue: null },
      );
    });
  }

  return {
    block,
    requestLift,
    onBlocked(listener: (event: RgBlockEvent) => Promise<void> | void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type RgBlocks = ReturnType<typeof rgBlocks>;
