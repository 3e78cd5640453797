import type { Clock } from '../../lib/clock';
import type { RgConfig } from './rg-config';
import { playerFlags } from './rg-flags';
import type { RgService } from './rg-service';

/**
 * What staff see of a player's responsible gaming (the back office's route table serves it:
 * features/staff/rg-routes.ts): the limits and block, every change, and the flags.
 */
export async function rgOperatorView(
  deps: { service: RgService; config: RgConfig; clock: Clock },
  userId: string,
) {
  const { service, config, clock } = deps;
  const [status, history, flags] = await Promise.all([
    service.status(userId),
    service.repo.history(userId),
    playerFlags(service.repo, config, clock, userId),
  ]);
  return {
    user_id: userId,
    status,
    history: history.map((c) => ({
      id: c.id.toString(),
      action: c.action,
      actor: c.actor,
      reason: c.reason,
      old_value: c.oldValue,
      new_value: c.newValue,
      created_at: c.createdAt.toISOString(),
    })),
    flags,
  };
}
