import type { Me } from '@casino/contracts';
import type { Database } from '../../db/database';
import { unauthorized } from '../auth';
import { toMe } from './me';
import { createProfileRepository } from './profile-repository';

export interface ProfileService {
  /** The player's own account; 401 if it no longer exists. */
  me(userId: string): Promise<Me>;
  usernameAvailable(username: string): Promise<boolean>;
  emailAvailable(email: string): Promise<boolean>;
}

/**
 * Availability counts accounts only: pending registrations and pending e-mail changes hold
 * nothing (a name is taken when an account has it), matching what registration enforces.
 */
export function createProfileService(deps: { db: Database }): ProfileService {
  const profiles = createProfileRepository(deps.db);
  return {
    async me(userId) {
      const row = await profiles.find(userId);
      if (!row) throw unauthorized();
      return toMe(row);
    },
    async usernameAvailable(username) {
      return !(await profiles.usernameTaken(username));
    },
    async emailAvailable(email) {
      return !(await profiles.emailTaken(email));
    },
  };
}
