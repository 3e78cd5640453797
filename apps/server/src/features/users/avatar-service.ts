import { ErrorCode, type Me } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { toAvatarWebp } from './avatar-image';
import type { AvatarStore } from './avatar-store';
import { createProfileService } from './profile-service';
import { createProfileRepository } from './profile-repository';

export interface AvatarService {
  /** Processes the uploaded bytes and makes them the player's avatar; returns the player. */
  replace(userId: string, upload: Buffer): Promise<Me>;
}

/**
 * Decoding is what costs memory (a 4096² PNG is 64 MB of pixels in libvips): one upload in
 * flight per player (a second one at the same time is refused with 429), and at most
 * `decodesAtOnce` decodes in the process, the others waiting their turn. Forty parallel
 * uploads of one player used to take the server from 672 to 953 MB (issue 17).
 */
export const avatarDecodeLimits = { perPlayer: 1, decodesAtOnce: 2 } as const;

function alreadyUploading(): AppError {
  return new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    'An avatar of yours is being processed; wait for it before sending another one.',
    undefined,
    1,
  );
}

/** A counting semaphore: run() waits for a free slot. */
function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or becomes free.
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

export function createAvatarService(deps: {
  db: Database;
  clock: Clock;
  store: AvatarStore;
  logger: Logger;
}): AvatarService {
  const profiles = createProfileRepository(deps.db);
  const profile = createProfileService({ db: deps.db });
  const inFlight = new Map<string, number>();
  const decode = createSlots(avatarDecodeLimits.decodesAtOnce);
  return {
    async replace(userId, upload) {
      const mine = inFlight.get(userId) ?? 0;
      if (mine >= avatarDecodeLimits.perPlayer) throw alreadyUploading();
      inFlight.set(userId, mine + 1);
      let webp: Buffer;
      try {
        webp = await decode(() => toAvatarWebp(upload));
      } finally {
        const left = (inFlight.get(userId) ?? 1) - 1;
        if (left === 0) inFlight.delete(userId);
        else inFlight.set(userId, left);
      }
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
