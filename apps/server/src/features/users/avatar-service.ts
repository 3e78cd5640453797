import type { Me } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { toAvatarWebp } from './avatar-image';
import type { AvatarStore } from './avatar-store';
import { createProfileService } from './profile-service';
import { createProfileRepository } from './profile-repository';

export interface AvatarService {
  /**
   * Processes the uploaded bytes and makes them the player's avatar; returns the player. The
   * route calls it in the upload's turn (avatarUploads()).
   */
  replace(userId: string, upload: Buffer): Promise<Me>;
}

/**
 * How many avatar uploads are read and decoded at once (avatarUploads() in avatar-routes.ts
 * holds them to it through the shared upload gate): one per player, two per instance.
 */
export const avatarDecodeLimits = { perPlayer: 1, decodesAtOnce: 2 } as const;

export function createAvatarService(deps: {
  db: Database;
  clock: Clock;
  store: AvatarStore;
  logger: Logger;
}): AvatarService {
  const profiles = createProfileRepository(deps.db);
  const profile = createProfileService({ db: deps.db });
  return {
    async replace(userId, upload) {
      const webp = await toAvatarWebp(upload);
      const name = await deps.store.save(userId, webp);
      let previous: string | null;
      try {
        previous = await profiles.replaceAvatar(userId, name, deps.clock.now());
      } catch (error) {
        await deps.store.remove(name);
        throw error;
      }
      // Only once the database points at the new file: until then the old one is in use.
      if (previous !== null && previous !== name) {
        await deps.store.remove(previous).catch((error: unknown) => {
          deps.logger.warn({ err: error, file: previous }, 'old avatar not removed');
        });
      }
      return profile.me(userId);
    },
  };
}
