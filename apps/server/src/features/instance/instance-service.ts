import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { AppMetaRepository } from './app-meta-repository';

export interface InstanceIdentity {
  instanceId: string;
  installedAt: Date;
}

const instanceIdKey = 'instance_id';
const installedAtKey = 'installed_at';

/**
 * Records, on first start, which installation this database belongs to and when it was
 * made; later starts read the same values back. Logged at start-up to tell installations apart.
 */
export async function ensureInstanceIdentity(
  repository: AppMetaRepository,
  clock: Clock,
): Promise<InstanceIdentity> {
  const now = clock.now();
  await repository.insertIfAbsent(instanceIdKey, randomUUID(), now);
  await repository.insertIfAbsent(installedAtKey, now.toISOString(), now);
  const instanceId = await repository.get(instanceIdKey);
  const installedAt = await repository.get(installedAtKey);
  if (instanceId === undefined || installedAt === undefined) {
    throw new Error('app_meta lost the instance identity right after writing it');
  }
  return { instanceId, installedAt: new Date(installedAt) };
}
